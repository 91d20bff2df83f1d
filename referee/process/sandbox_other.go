//go:build !linux

package process

import (
	"syscall"
	"time"
)

type jail struct{ limits Limits }

// SandboxReport says that there is no sandbox here.
func SandboxReport() string { return "sandbox: not available on this system; only time limits apply" }

// wrap leaves the bot as it is: only the time limits apply.
func (j *jail) wrap(argv []string, hide []string) ([]string, *syscall.SysProcAttr, error) {
	return argv, sysProcAttr(), nil
}
func (j *jail) started(int)                  {}
func (j *jail) breach(syscall.Signal) string { return "" }
func (j *jail) release()                     {}
