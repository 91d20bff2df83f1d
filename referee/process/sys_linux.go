package process

import "syscall"

// sysProcAttr puts the bot in a process group of its own, so that it and
// any children it forks are stopped together, and kills it if the referee
// dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
