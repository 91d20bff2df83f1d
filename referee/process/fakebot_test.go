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

// waitGone fails the test if a process started with token outlives the
// bot by more than a moment.
func waitGone(t *testing.T, token string) {
	t.Helper()
	if pids := misbehave.Survivors(token, 3*time.Second); len(pids) > 0 {
		t.Fatalf("processes left behind: %v", pids)
	}
}

// fakeSpec runs the test binary as a fake bot.
func fakeSpec(t *testing.T, behaviour string) (Spec, string) {
	token := fmt.Sprintf("%s-%d", strings.ReplaceAll(behaviour, ":", "-"), time.Now().UnixNano())
	return Spec{
		Name: behaviour,
		Argv: []string{os.Args[0], "-test.run=^$"},
		// A race-enabled fake would otherwise linger a second at exit.
		Env:       []string{"CARDREF_FAKEBOT=" + behaviour, misbehave.TokenVar + "=" + token, "GORACE=atexit_sleep_ms=0"},
		Startup:   time.Second,
		MoveLimit: 300 * time.Millisecond,
		Grace:     200 * time.Millisecond,
	}, token
}
