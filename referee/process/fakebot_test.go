package process

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"cardref/referee/process/misbehave"
)

// The test binary doubles as a set of misbehaving bots: run with
// CARDREF_FAKEBOT=<behaviour>, it plays that bot instead of the tests.
func TestMain(m *testing.M) {
	if b := os.Getenv("CARDREF_FAKEBOT"); b != "" {
		misbehave.Run(b)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// alive lists the live processes (zombies aside) started for a fake bot with
// the given token.
func alive(token string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
		if err != nil || !strings.Contains(string(env), "CARDREF_FAKEBOT_TOKEN="+token+"\x00") {
			continue
		}
		stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && len(stat) > i+2 && stat[i+2] == 'Z' {
			continue
		}
		pids = append(pids, pid)
	}
	return pids
}

// fakeSpec runs the test binary as a fake bot.
func fakeSpec(t *testing.T, behaviour string) (Spec, string) {
	token := fmt.Sprintf("%s-%d", strings.ReplaceAll(behaviour, ":", "-"), time.Now().UnixNano())
	return Spec{
		Name: behaviour,
		Argv: []string{os.Args[0], "-test.run=^$"},
		// A race-enabled fake would otherwise linger a second at exit.
		Env:       []string{"CARDREF_FAKEBOT=" + behaviour, "CARDREF_FAKEBOT_TOKEN=" + token, "GORACE=atexit_sleep_ms=0"},
		Startup:   time.Second,
		MoveLimit: 300 * time.Millisecond,
		Grace:     200 * time.Millisecond,
	}, token
}
