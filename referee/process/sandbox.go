package process

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Limits are the sandbox's resource limits for one bot. A zero field means
// no limit of that kind.
type Limits struct {
	Memory    int64         `json:"memory"`     // bytes of memory (RAM, not address space)
	CPU       time.Duration `json:"cpu"`        // CPU time of the bot's process, whole seconds
	Processes int           `json:"processes"`  // processes and threads at once
	Files     int           `json:"open_files"` // open files per process
	FileSize  int64         `json:"file_size"`  // bytes, the largest file the bot may write
	Network   bool          `json:"network"`    // whether the bot may use the network
}

// DefaultLimits are sensible for Python, Node.js, Java and Go bots.
var DefaultLimits = Limits{Memory: 1 << 30, CPU: 10 * time.Minute, Processes: 128, Files: 256, FileSize: 64 << 20}

// ParseSize reads a size such as 512MiB, 1G or 1048576.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(strings.ToUpper(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"GIB", 1 << 30}, {"MIB", 1 << 20}, {"KIB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.m
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a size (write e.g. 512MiB, 1GiB or 1048576)", s)
	}
	return int64(n * float64(mult)), nil
}

// FormatSize writes a size for people.
func FormatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}
