package process

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"cardref/bots"
	"cardref/referee"
	"cardref/referee/games/xeri"
	"cardref/referee/match"
)

var tight = Limits{Memory: 128 << 20, CPU: time.Second, Processes: 32, Files: 64, FileSize: 1 << 20}

func TestSandboxStopsBotsThatBreakLimits(t *testing.T) {
	if r := SandboxReport(); strings.Contains(r, "not enforced") {
		t.Fatalf("this machine cannot enforce the whole sandbox (%s): run the tests as root, as CI does", r)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			buf := make([]byte, 64)
			n, _ := c.Read(buf)
			got <- string(buf[:n])
			c.Close()
		}
	}()
	for _, tc := range []struct {
		behaviour string
		reason    string
		move      time.Duration
		env       string
	}{
		{"memory-hog", "memory limit of 128MiB", time.Second, ""},
		{"cpu-spin", "CPU time limit of 1s", 5 * time.Second, ""},
		{"fork-bomb", "more than 32 processes", time.Second, ""},
		{"connect", "tried to use the network", time.Second, "CARDREF_DIAL=" + ln.Addr().String()},
	} {
		t.Run(tc.behaviour, func(t *testing.T) {
			spec, token := fakeSpec(t, tc.behaviour)
			limits := tight
			spec.Limits, spec.MoveLimit = &limits, tc.move
			if tc.env != "" {
				spec.Env = append(spec.Env, tc.env)
			}
			rec, _, _ := playAgainstGreedy(t, spec)
			if len(rec.Faults) != 1 || rec.Faults[0].Kind != referee.FaultLimit || !strings.Contains(rec.Faults[0].Reason, tc.reason) {
				t.Fatalf("faults %+v, want one limit fault saying %q", rec.Faults, tc.reason)
			}
			if rec.Result.Ranks[1] != 2 {
				t.Fatalf("result %+v", rec.Result)
			}
			waitGone(t, token)
		})
	}
	select {
	case msg := <-got:
		t.Fatalf("a sandboxed bot reached the loopback listener: %q", msg)
	default:
	}
}

func TestExampleBotsPlayUnderTheDefaultLimits(t *testing.T) {
	for _, argv := range [][]string{
		{"python3", "../../bots/python/xeri_bot.py"},
		{"node", "../../bots/node/xeri_bot.js"},
	} {
		if _, err := exec.LookPath(argv[0]); err != nil {
			t.Fatalf("%s is needed to test its example bot (.ci/run installs it)", argv[0])
		}
		limits := DefaultLimits
		p := &Player{Spec: Spec{Name: argv[0], Argv: argv, Limits: &limits, MoveLimit: 2 * time.Second, PauseIdle: true}}
		mk, _ := bots.Lookup("greedy")
		for seed := range uint64(3) {
			rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: seed, MoveLimit: 2 * time.Second},
				[]match.Player{p, &match.Local{Make: mk}})
			if err != nil || len(rec.Faults) > 0 {
				p.Close()
				t.Fatalf("%s: %v %+v", argv[0], err, rec.Faults)
			}
		}
		p.Close()
	}
}

func TestAnotherBotsFolderIsHidden(t *testing.T) {
	mine, theirs := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(mine, "notes.txt"), []byte("my notes"), 0o644)
	os.WriteFile(filepath.Join(theirs, "secret.txt"), []byte("their strategy"), 0o644)
	limits := DefaultLimits
	read := func(file string) *match.Record {
		spec, token := fakeSpec(t, "read-file")
		spec.Limits, spec.Dir, spec.Hide = &limits, mine, []string{theirs}
		spec.Env = append(spec.Env, "CARDREF_READ="+file)
		rec, _, _ := playAgainstGreedy(t, spec)
		waitGone(t, token)
		return rec
	}
	if rec := read(filepath.Join(mine, "notes.txt")); len(rec.Faults) > 0 {
		t.Fatalf("a bot could not read its own folder: %+v", rec.Faults)
	}
	if !strings.Contains(SandboxReport(), "folders hidden") {
		t.Fatalf("this machine cannot hide folders (%s): run the tests as root", SandboxReport())
	}
	rec := read(filepath.Join(theirs, "secret.txt"))
	if len(rec.Faults) != 1 || !strings.Contains(rec.Faults[0].Stderr, "read:") {
		t.Fatalf("a bot read another bot's folder: %+v", rec.Faults)
	}
}

func TestOutputAbuse(t *testing.T) {
	for _, tc := range []struct {
		behaviour string
		kind      referee.FaultKind
		reason    string
	}{
		{"stdout-flood", referee.FaultLimit, "flooded its output"},
		{"close-stdout", referee.FaultCrash, "closed its output"},
		{"bad-utf8", referee.FaultMalformed, "not valid UTF-8"},
		{"deep-json", referee.FaultMalformed, "bad answer"},
		{"huge-json", referee.FaultMalformed, "line too long"},
	} {
		t.Run(tc.behaviour, func(t *testing.T) {
			spec, token := fakeSpec(t, tc.behaviour)
			rec, _, took := playAgainstGreedy(t, spec)
			if len(rec.Faults) != 1 || rec.Faults[0].Kind != tc.kind || !strings.Contains(rec.Faults[0].Reason, tc.reason) {
				t.Fatalf("faults %+v, want %s saying %q", rec.Faults, tc.kind, tc.reason)
			}
			if took > spec.MoveLimit+spec.Grace+3*time.Second {
				t.Fatalf("took %v", took)
			}
			waitGone(t, token)
		})
	}
}

func TestStderrFloodKeepsABoundedTailAndThePlayGoesOn(t *testing.T) {
	spec, token := fakeSpec(t, "stderr-flood")
	spec.MoveLimit = 2 * time.Second
	rec, p, _ := playAgainstGreedy(t, spec)
	if len(rec.Faults) != 0 {
		t.Fatalf("faults %+v", rec.Faults)
	}
	if n := p.Bot().stderr.Total(); n < 1<<20 {
		t.Fatalf("the flood wrote only %d bytes", n)
	}
	if tail := p.Bot().Stderr(); len(tail) > DefaultStderrTail+16 {
		t.Fatalf("the stderr tail holds %d bytes", len(tail))
	}
	waitGone(t, token)
}

func TestABotThatIgnoresSIGTERMIsKilled(t *testing.T) {
	spec, token := fakeSpec(t, "ignore-term")
	rec, _, _ := playAgainstGreedy(t, spec)
	if len(rec.Faults) != 0 {
		t.Fatalf("faults %+v", rec.Faults)
	}
	waitGone(t, token)
}

func TestTimeBankAndPausingIdleBots(t *testing.T) {
	// The bot takes 700ms once, with a 300ms move limit and a 1s bank.
	spec, token := fakeSpec(t, "slow-once")
	spec.PauseIdle = true
	mk, _ := bots.Lookup("greedy")
	p := &Player{Spec: spec}
	rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: 3, MoveLimit: 300 * time.Millisecond, TimeBank: time.Second},
		[]match.Player{&match.Local{Make: mk}, p})
	p.Close()
	if err != nil || len(rec.Faults) != 0 {
		t.Fatalf("with a time bank: %v %+v", err, rec.Faults)
	}
	waitGone(t, token)
	// Without the bank the same bot times out.
	spec, token = fakeSpec(t, "slow-once")
	p = &Player{Spec: spec}
	rec, _ = match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: 3, MoveLimit: 300 * time.Millisecond},
		[]match.Player{&match.Local{Make: mk}, p})
	p.Close()
	if len(rec.Faults) != 1 || rec.Faults[0].Kind != referee.FaultTimeout {
		t.Fatalf("without a time bank: %+v", rec.Faults)
	}
	waitGone(t, token)
}

func TestPausedBotIsStoppedBetweenTurns(t *testing.T) {
	spec, _ := fakeSpec(t, "good")
	spec.PauseIdle = true
	p := &Player{Spec: spec}
	defer p.Close()
	mk, _ := bots.Lookup("greedy")
	obs := &stateObserver{p: p}
	_, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: 1, MoveLimit: time.Second, Observer: obs},
		[]match.Player{&match.Local{Make: mk}, p})
	if err != nil {
		t.Fatal(err)
	}
	if obs.stopped == 0 {
		t.Fatal("the bot was never seen stopped while the other seat played")
	}
}

// stateObserver looks at the bot process's state whenever seat 0 moves.
type stateObserver struct {
	p       *Player
	stopped int
}

func (o *stateObserver) Event(referee.Event) {}
func (o *stateObserver) Fault(referee.Fault) {}
func (o *stateObserver) Move(m match.MoveRecord) {
	if m.Seat != 0 || o.p.Bot() == nil {
		return
	}
	stat, _ := os.ReadFile("/proc/" + strconv.Itoa(o.p.Bot().Pgid()) + "/stat")
	if i := strings.LastIndexByte(string(stat), ')'); i > 0 && len(stat) > i+2 && stat[i+2] == 'T' {
		o.stopped++
	}
}
