//go:build unix && !linux

package process

import "syscall"

// sysProcAttr puts the bot in a process group of its own. Without Linux's
// parent-death signal, a bot may outlive a referee that is killed.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
