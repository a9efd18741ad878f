!> The harness of garray's Fortran test program: records each test's outcome, prints one line per
!> test, and writes a JUnit report that scripts/run_tests.sh counts, also on a GPU machine that has
!> the program but no Fortran compiler.
module test_harness
  implicit none
  private
  public :: check, record, write_junit, failures

  integer, parameter :: max_tests = 200
  character(len=80) :: names(max_tests)
  character(len=12) :: outcomes(max_tests)
  character(len=1000) :: messages(max_tests)
  integer :: count = 0
  integer :: failures = 0

contains

  !> Adds message to failure (a newline-separated list) when condition is false.
  subroutine check(condition, message, failure)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: message
    character(len=:), allocatable, intent(inout) :: failure
    if (condition) return
    if (len(failure) > 0) failure = failure // "; "
    failure = failure // message
  end subroutine check

  !> Records a test: skipped when skip_reason is not empty, else failed when failure is not.
  subroutine record(name, failure, skip_reason)
    character(len=*), intent(in) :: name, failure, skip_reason
    count = count + 1
    if (count > max_tests) error stop "test_harness: more tests than max_tests"
    names(count) = name
    if (len(skip_reason) > 0) then
      outcomes(count) = "skipped"
      messages(count) = skip_reason
      print "(a)", "test " // name // " ... skipped: " // skip_reason
    else if (len(failure) > 0) then
      outcomes(count) = "failed"
      messages(count) = failure
      failures = failures + 1
      print "(a)", "test " // name // " ... FAILED" // new_line("a") // "    " // failure
    else
      outcomes(count) = "passed"
      messages(count) = ""
      print "(a)", "test " // name // " ... ok"
    end if
  end subroutine record

  subroutine write_junit(path, suite)
    character(len=*), intent(in) :: path, suite
    integer :: unit, index
    open (newunit=unit, file=path, status="replace", action="write")
    write (unit, "(a)") '<?xml version="1.0" encoding="UTF-8"?>'
    write (unit, "(a, i0, a, i0, a)") '<testsuite name="' // suite // '" tests="', count, &
        '" failures="', failures, '">'
    do index = 1, count
      write (unit, "(a)", advance="no") '  <testcase classname="' // suite // '" name="' // &
          trim(names(index)) // '"'
      select case (trim(outcomes(index)))
      case ("passed")
        write (unit, "(a)") "/>"
      case ("failed")
        write (unit, "(a)") '><failure message="' // escape(trim(messages(index))) // '"/></testcase>'
      case default
        write (unit, "(a)") '><skipped message="' // escape(trim(messages(index))) // '"/></testcase>'
      end select
    end do
    write (unit, "(a)") "</testsuite>"
    close (unit)
  end subroutine write_junit

  function escape(text) result(escaped)
    character(len=*), intent(in) :: text
    character(len=:), allocatable :: escaped
    integer :: index
    escaped = ""
    do index = 1, len(text)
      select case (text(index:index))
      case ("&")
        escaped = escaped // "&amp;"
      case ("<")
        escaped = escaped // "&lt;"
      case (">")
        escaped = escaped // "&gt;"
      case ('"')
        escaped = escaped // "&quot;"
      case (achar(10))
        escaped = escaped // "&#10;"
      case default
        escaped = escaped // text(index:index)
      end select
    end do
  end function escape
end module test_harness
