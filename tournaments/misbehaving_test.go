package tournaments

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"cardref/referee/process/misbehave"
)

// The misbehaving-bot suite: a gauntlet in which bots that break every rule
// a bot can break play against well-behaved references. It must complete;
// each fault must be charged to the right bot as the right kind; the
// well-behaved bots' games must be unaffected; no process may be left
// behind; and the referee's memory must stay bounded.
func TestMisbehavingBotTournament(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	reached := make(chan struct{}, 100)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			reached <- struct{}{}
			c.Close()
		}
	}()
	dir := t.TempDir()
	own, other := filepath.Join(dir, "own"), filepath.Join(dir, "other")
	os.MkdirAll(own, 0o755)
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(own, "notes.txt"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(other, "secret.txt"), []byte("theirs"), 0o644)

	exe, _ := os.Executable()
	token := fmt.Sprintf("suite-%d", time.Now().UnixNano())
	cases := []struct {
		behaviour string
		kind      string // the fault kind its games must show; "" for none
		extra     string // more bot settings
	}{
		{"good", "", "dir: other"},
		{"stderr-flood", "", ""},
		{"ignore-term", "", ""},
		{"read-own", "", "dir: own, env: {CARDREF_READ: " + filepath.Join(own, "notes.txt") + "}"},
		{"read-other", "crash", "dir: own, env: {CARDREF_READ: " + filepath.Join(other, "secret.txt") + "}"},
		{"hang-start", "timeout", ""},
		{"hang-mid", "timeout", ""},
		{"exit-now", "crash", ""},
		{"crash-mid", "crash", ""},
		{"close-stdout", "crash", ""},
		{"fork-child", "crash", ""},
		{"garbage", "malformed", ""},
		{"long-line", "malformed", ""},
		{"huge-json", "malformed", ""},
		{"deep-json", "malformed", ""},
		{"bad-utf8", "malformed", ""},
		{"wrong-id", "malformed", ""},
		{"twice", "malformed", ""},
		{"illegal", "illegal", ""},
		{"stdout-flood", "limit", ""},
		{"memory-hog", "limit", ""},
		{"cpu-spin", "limit", ""},
		{"fork-bomb", "limit", ""},
		{"connect", "limit", "env: {CARDREF_DIAL: " + ln.Addr().String() + "}"},
	}
	var b strings.Builder
	fmt.Fprintf(&b, `name: misbehaving
game: xeri
options: {target_score: 20}
format: gauntlet
deals: 1
seed: 3
concurrency: 4
limits: {startup: 2s, move: 5s}
pause_idle: false
sandbox: {memory: 128MiB, cpu: 1s, processes: 32, open_files: 64, file_size: 1MiB}
bots:
  - {name: greedy, builtin: greedy, reference: true}
  - {name: random, builtin: random, reference: true}
`)
	for _, c := range cases {
		behaviour := c.behaviour
		if strings.HasPrefix(behaviour, "read-") {
			behaviour = "read-file"
		}
		env := fmt.Sprintf("CARDREF_FAKEBOT: %s, "+misbehave.TokenVar+": %s, GORACE: atexit_sleep_ms=0", behaviour, token)
		extra := c.extra
		if strings.Contains(extra, "env: {") {
			extra = strings.Replace(extra, "env: {", "env: {"+env+", ", 1)
		} else {
			if extra != "" {
				extra += ", "
			}
			extra += "env: {" + env + "}"
		}
		fmt.Fprintf(&b, "  - {name: %s, command: [%s, \"-test.run=^$\"], %s}\n", c.behaviour, exe, extra)
	}
	cfgPath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(cfgPath, []byte(b.String()), 0o644)
	cfg, err := LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}

	// Watch the referee's own memory while the suite runs.
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	out := filepath.Join(dir, "results")
	start := time.Now()
	if _, err := testRunner(cfg, out, 4).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()
	t.Logf("%d bots, %v, peak heap in use %d MiB", len(cases)+2, time.Since(start).Round(time.Millisecond), peak>>20)

	rep, err := BuildReport(out, "")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Played != rep.Scheduled || rep.Played != len(cases)*2*2 {
		t.Fatalf("played %d of %d games", rep.Played, rep.Scheduled)
	}
	byBot := map[string]Standing{}
	for _, s := range rep.Standings {
		byBot[s.Bot] = s
	}
	for _, c := range cases {
		s := byBot[c.behaviour]
		switch {
		case c.kind == "" && len(s.Faults) > 0:
			t.Errorf("%s should play cleanly but was charged %v", c.behaviour, s.Faults)
		case c.kind != "" && (len(s.Faults) != 1 || s.Faults[c.kind] != s.Games):
			t.Errorf("%s: faults %v in %d games, want %s in every game", c.behaviour, s.Faults, s.Games, c.kind)
		}
	}
	for _, ref := range []string{"greedy", "random"} {
		if len(byBot[ref].Faults) > 0 {
			t.Errorf("the reference %s was charged with %v", ref, byBot[ref].Faults)
		}
	}
	// The well-behaved bots' games are unaffected: no fault, played to the
	// end, and the same results as in a tournament without the others.
	clean := strings.Split(b.String(), "bots:\n")[0] + "bots:\n  - {name: greedy, builtin: greedy, reference: true}\n  - {name: random, builtin: random, reference: true}\n" +
		fmt.Sprintf("  - {name: good, command: [%s, \"-test.run=^$\"], env: {CARDREF_FAKEBOT: good, %s: %s}}\n", exe, misbehave.TokenVar, token)
	cleanPath := filepath.Join(dir, "clean.yaml")
	os.WriteFile(cleanPath, []byte(clean), 0o644)
	ccfg, err := LoadConfig(cleanPath)
	if err != nil {
		t.Fatal(err)
	}
	cleanOut := filepath.Join(dir, "clean")
	if _, err := testRunner(ccfg, cleanOut, 2).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	outcomes := func(path string) map[string]string {
		games, _, _ := ReadGames(filepath.Join(path, GamesFile))
		m := map[string]string{}
		for _, g := range games {
			names := make([]string, g.Players)
			for _, b := range g.Bots {
				names[b.Seat] = b.Name
			}
			if !strings.Contains(strings.Join(names, " "), "good") {
				continue
			}
			if len(g.Faults) > 0 || g.Result.End != "normal" {
				t.Errorf("a game of the well-behaved bot went wrong: %+v", g.Faults)
			}
			m[fmt.Sprintf("%v d%d r%d", names, g.Deal, g.Rotation)] = fmt.Sprint(g.Result.Ranks, g.Result.Scores)
		}
		return m
	}
	a, c := outcomes(out), outcomes(cleanOut)
	if len(a) != 4 || fmt.Sprint(a) != fmt.Sprint(c) {
		t.Fatalf("the well-behaved bot's games changed:\n%v\n%v", a, c)
	}
	select {
	case <-reached:
		t.Fatal("a bot reached the loopback listener through the sandbox")
	default:
	}
	if pids := misbehave.Survivors(token, 3*time.Second); len(pids) > 0 {
		t.Fatalf("bot processes left behind: %v", pids)
	}
	if peak > 256<<20 {
		t.Fatalf("the referee's heap reached %d MiB", peak>>20)
	}
}
