package process

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// What the sandbox can do on this machine, found out once.
type sandboxCaps struct {
	userns   bool   // namespaces come from a user namespace (not root)
	netns    bool   // a network namespace of its own per bot
	mountns  bool   // a mount namespace, to hide other bots' folders
	memV1    string // cgroup v1 memory folder for our bots, or ""
	pidsV1   string // cgroup v1 pids folder, or ""
	v2       string // cgroup v2 folder with memory and pids, or ""
	warnings []string
}

var (
	capsOnce sync.Once
	caps     sandboxCaps
	cgSeq    atomic.Int64
)

// SandboxReport says in one line what the sandbox enforces here, and what it
// cannot.
func SandboxReport() string {
	c := detect()
	var have []string
	if c.netns {
		have = append(have, "no network")
	}
	if c.memV1 != "" || c.v2 != "" {
		have = append(have, "memory")
	}
	if c.pidsV1 != "" || c.v2 != "" {
		have = append(have, "processes")
	}
	have = append(have, "CPU time", "open files", "file size")
	if c.mountns {
		have = append(have, "other bots' folders hidden")
	}
	s := "sandbox: " + strings.Join(have, ", ")
	if len(c.warnings) > 0 {
		s += "; not enforced here: " + strings.Join(c.warnings, "; ")
	}
	return s
}

func detect() sandboxCaps {
	capsOnce.Do(func() {
		probe := func(flags uintptr, script string) bool {
			cmd := exec.Command("/bin/sh", "-c", script)
			cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: flags}
			if caps.userns {
				userNamespace(cmd.SysProcAttr)
			}
			return cmd.Run() == nil
		}
		// Without root, a user namespace may still give the bot network and
		// mount namespaces of its own.
		if os.Geteuid() != 0 {
			caps.userns = true
			if !probe(syscall.CLONE_NEWNET, "exit 0") {
				caps.userns = false
			}
		}
		caps.netns = probe(syscall.CLONE_NEWNET, "exit 0")
		if !caps.netns {
			caps.warnings = append(caps.warnings, "network (needs root or user namespaces)")
		}
		caps.mountns = probe(syscall.CLONE_NEWNS, "mount --make-rprivate / && mount -t tmpfs cardref-probe /tmp")
		if !caps.mountns {
			caps.warnings = append(caps.warnings, "folder isolation (needs root or user namespaces)")
		}
		own := ownCgroups()
		if _, err := os.Stat("/sys/fs/cgroup/cgroup.controllers"); err == nil {
			caps.v2 = setupV2(own[""])
		} else {
			// cgroup v1: a cgroup per bot, beside the referee's own.
			for _, ctl := range []string{"memory", "pids"} {
				dir := filepath.Join("/sys/fs/cgroup", ctl, own[ctl])
				probe := filepath.Join(dir, fmt.Sprintf("cardref-probe-%d", os.Getpid()))
				if os.Mkdir(probe, 0o755) != nil {
					continue
				}
				os.Remove(probe)
				if ctl == "memory" {
					caps.memV1 = dir
				} else {
					caps.pidsV1 = dir
				}
			}
		}
		if caps.memV1 == "" && caps.v2 == "" {
			caps.warnings = append(caps.warnings, "memory (needs a writable cgroup)")
		}
		if caps.pidsV1 == "" && caps.v2 == "" {
			caps.warnings = append(caps.warnings, "process count (needs a writable cgroup)")
		}
	})
	return caps
}

// setupV2 prepares cgroup v2 for bots: the memory and pids controllers must
// be enabled for the referee's cgroup's children, which the kernel allows
// only for a cgroup without processes of its own, so the referee first moves
// itself into a leaf beside its bots. It returns the folder in which to
// make the bots' cgroups, or "".
func setupV2(own string) string {
	base := filepath.Join("/sys/fs/cgroup", own)
	enable := func() bool {
		_ = os.WriteFile(filepath.Join(base, "cgroup.subtree_control"), []byte("+memory +pids"), 0o644)
		ctl, _ := os.ReadFile(filepath.Join(base, "cgroup.subtree_control"))
		return bytes.Contains(ctl, []byte("memory")) && bytes.Contains(ctl, []byte("pids"))
	}
	if enable() {
		return base
	}
	leaf := filepath.Join(base, "cardref-referee")
	if err := os.MkdirAll(leaf, 0o755); err != nil {
		return ""
	}
	if err := os.WriteFile(filepath.Join(leaf, "cgroup.procs"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return ""
	}
	if enable() {
		return base
	}
	return ""
}

// userNamespace runs the bot in a user namespace of its own, as root inside
// it (so that it may mount) and as the referee's own user outside.
func userNamespace(attr *syscall.SysProcAttr) {
	attr.Cloneflags |= syscall.CLONE_NEWUSER
	attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
	attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
	attr.GidMappingsEnableSetgroups = false
}

// ownCgroups reads this process's cgroup paths, by controller ("" for v2).
func ownCgroups() map[string]string {
	out := map[string]string{}
	data, _ := os.ReadFile("/proc/self/cgroup")
	for _, line := range strings.Split(string(data), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[1] == "" {
			out[""] = parts[2]
		}
		for _, c := range strings.Split(parts[1], ",") {
			out[c] = parts[2]
		}
	}
	return out
}

// jail is one bot's sandbox.
type jail struct {
	limits  Limits
	dirs    []string // its cgroup folders
	memDir  string
	pidsDir string
	v2      bool
	snmp    *os.File // the bot's network counters
	noRoute int64
}

// wrap returns the command that puts the bot in its sandbox and then runs
// it: the shell joins the cgroups, hides other bots' folders and sets the
// resource limits before it becomes the bot.
func (j *jail) wrap(argv []string, hide []string) ([]string, *syscall.SysProcAttr, error) {
	c := detect()
	id := fmt.Sprintf("cardref-%d-bot-%d", os.Getpid(), cgSeq.Add(1))
	var script []string
	join := func(dir string) {
		script = append(script, fmt.Sprintf("echo $$ > %s || { echo 'sandbox: cannot join %s' >&2; exit 111; }", shellQuote(filepath.Join(dir, "cgroup.procs")), dir))
	}
	switch {
	case c.v2 != "":
		dir := filepath.Join(c.v2, id)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, nil, err
		}
		j.dirs, j.memDir, j.pidsDir, j.v2 = []string{dir}, dir, dir, true
		if j.limits.Memory > 0 {
			writeFile(dir, "memory.max", strconv.FormatInt(j.limits.Memory, 10))
			writeFile(dir, "memory.swap.max", "0")
		}
		if j.limits.Processes > 0 {
			writeFile(dir, "pids.max", strconv.Itoa(j.limits.Processes))
		}
		join(dir)
	default:
		if c.memV1 != "" && j.limits.Memory > 0 {
			dir := filepath.Join(c.memV1, id)
			if err := os.Mkdir(dir, 0o755); err == nil {
				j.dirs, j.memDir = append(j.dirs, dir), dir
				writeFile(dir, "memory.limit_in_bytes", strconv.FormatInt(j.limits.Memory, 10))
				writeFile(dir, "memory.memsw.limit_in_bytes", strconv.FormatInt(j.limits.Memory, 10))
				join(dir)
			}
		}
		if c.pidsV1 != "" && j.limits.Processes > 0 {
			dir := filepath.Join(c.pidsV1, id)
			if err := os.Mkdir(dir, 0o755); err == nil {
				j.dirs, j.pidsDir = append(j.dirs, dir), dir
				writeFile(dir, "pids.max", strconv.Itoa(j.limits.Processes))
				join(dir)
			}
		}
	}
	attr := sysProcAttr()
	if !j.limits.Network && c.netns {
		attr.Cloneflags |= syscall.CLONE_NEWNET
	}
	if c.userns && attr.Cloneflags != 0 || c.userns && len(hide) > 0 && c.mountns {
		userNamespace(attr)
	}
	if len(hide) > 0 && c.mountns {
		attr.Cloneflags |= syscall.CLONE_NEWNS
		script = append(script, "mount --make-rprivate / 2>/dev/null")
		for _, d := range hide {
			script = append(script, fmt.Sprintf("[ -d %[1]s ] && mount -t tmpfs -o ro,size=4k,mode=000 cardref-hidden %[1]s", shellQuote(d)))
		}
	}
	if j.limits.CPU > 0 {
		secs := max(int64(j.limits.CPU.Seconds()), 1)
		// SIGXCPU at the limit (most runtimes die of it); SIGKILL a second
		// later for those that ignore it, such as Go.
		script = append(script, fmt.Sprintf("ulimit -S -t %d && ulimit -H -t %d || exit 111", secs, secs+1))
	}
	if j.limits.Files > 0 {
		script = append(script, fmt.Sprintf("ulimit -n %d || exit 111", j.limits.Files))
	}
	if j.limits.FileSize > 0 {
		script = append(script, fmt.Sprintf("ulimit -f %d || exit 111", max(j.limits.FileSize/512, 1)))
	}
	script = append(script, `exec "$@"`)
	return append([]string{"/bin/sh", "-c", strings.Join(script, "\n"), "cardref-sandbox"}, argv...), attr, nil
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func writeFile(dir, name, value string) {
	_ = os.WriteFile(filepath.Join(dir, name), []byte(value), 0o644)
}

// started notes the bot's process, to read its network counters later.
func (j *jail) started(pid int) {
	if j.limits.Network || !detect().netns {
		return
	}
	f, err := os.Open(fmt.Sprintf("/proc/%d/net/snmp", pid))
	if err == nil {
		j.snmp = f
		j.noRoute = j.networkTries()
	}
}

// networkTries counts the bot's attempts to reach a network it may not use.
func (j *jail) networkTries() int64 {
	if j.snmp == nil {
		return 0
	}
	buf := make([]byte, 8192)
	n, _ := j.snmp.ReadAt(buf, 0)
	lines := strings.Split(string(buf[:n]), "\n")
	for i := 0; i+1 < len(lines); i += 2 {
		keys, vals := strings.Fields(lines[i]), strings.Fields(lines[i+1])
		if len(keys) == 0 || keys[0] != "Ip:" {
			continue
		}
		for k := range keys {
			if keys[k] == "OutNoRoutes" && k < len(vals) {
				v, _ := strconv.ParseInt(vals[k], 10, 64)
				return v
			}
		}
	}
	return 0
}

// breach says which limit the bot went past, if any, given how it ended
// and the CPU time it used.
func (j *jail) breach(exitSignal syscall.Signal, cpu time.Duration) string {
	if n := j.networkTries() - j.noRoute; n > 0 {
		return fmt.Sprintf("it tried to use the network (%d attempt(s) refused); bots may not open connections", n)
	}
	if j.memDir != "" {
		name, key := "memory.oom_control", "oom_kill"
		if j.v2 {
			name = "memory.events"
		}
		if countIn(filepath.Join(j.memDir, name), key) > 0 {
			return fmt.Sprintf("it went past its memory limit of %s and was killed", FormatSize(j.limits.Memory))
		}
		// A runtime that knows its limit (Node.js, the JVM) stops itself
		// when it reaches it.
		if j.reachedMemoryLimit() {
			return fmt.Sprintf("it reached its memory limit of %s", FormatSize(j.limits.Memory))
		}
	}
	if j.pidsDir != "" && countIn(filepath.Join(j.pidsDir, "pids.events"), "max") > 0 {
		return fmt.Sprintf("it tried to run more than %d processes or threads at once", j.limits.Processes)
	}
	switch {
	// The kernel's own accounting is exact, the CPU time read back after the
	// exit is sampled: a bot killed (by the hard limit, a second past the
	// soft one, or by the referee) that used at least its limit broke it.
	case exitSignal == syscall.SIGXCPU || (exitSignal == syscall.SIGKILL && j.limits.CPU > 0 && cpu >= j.limits.CPU):
		return fmt.Sprintf("it used up its CPU time limit of %v", j.limits.CPU)
	case exitSignal == syscall.SIGXFSZ:
		return fmt.Sprintf("it wrote a file larger than its limit of %s", FormatSize(j.limits.FileSize))
	}
	return ""
}

func (j *jail) reachedMemoryLimit() bool {
	if j.v2 {
		return countIn(filepath.Join(j.memDir, "memory.events"), "max") > 0
	}
	data, err := os.ReadFile(filepath.Join(j.memDir, "memory.failcnt"))
	if err != nil {
		return false
	}
	n, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return n > 0
}

func countIn(path, key string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == key {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

// killAll kills every process left in the bot's cgroups (even one that left
// its process group) and removes the cgroups.
func (j *jail) release() {
	for _, dir := range j.dirs {
		for range 50 {
			data, _ := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
			pids := strings.Fields(string(data))
			if len(pids) == 0 {
				break
			}
			for _, p := range pids {
				if pid, err := strconv.Atoi(p); err == nil {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			sleepBriefly()
		}
		if err := os.Remove(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
			// A cgroup with a dying process lingers for a moment.
			sleepBriefly()
			_ = os.Remove(dir)
		}
	}
	if j.snmp != nil {
		j.snmp.Close()
	}
}
