package process

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"cardref/bots"
	"cardref/referee"
	"cardref/referee/games/crazyeights"
	"cardref/referee/games/xeri"
	"cardref/referee/match"
)

// playAgainstGreedy plays a Xeri game between the built-in greedy bot (seat
// 0, in-process) and a bot process (seat 1).
func playAgainstGreedy(t *testing.T, spec Spec) (*match.Record, *Player, time.Duration) {
	t.Helper()
	mk, _ := bots.Lookup("greedy")
	p := &Player{Spec: spec}
	start := time.Now()
	rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: 3, MoveLimit: spec.MoveLimit,
		Bots: []match.BotInfo{{Seat: 0, Name: "greedy"}, {Seat: 1, Name: spec.Name}}}, []match.Player{&match.Local{Make: mk}, p})
	p.Close()
	if err != nil {
		t.Fatal(err)
	}
	return rec, p, time.Since(start)
}

func TestMisbehavingBots(t *testing.T) {
	cases := []struct {
		behaviour string
		kind      referee.FaultKind
		reason    string
		stderr    string
		limit     time.Duration // the limit the fault must come within (plus grace)
	}{
		{"hang-start", referee.FaultTimeout, "no the ready message within 1s", "", time.Second},
		{"exit-now", referee.FaultCrash, "closed its output", "cannot load my model", time.Second},
		{"bad-version", referee.FaultMalformed, "speaks protocol 99", "", time.Second},
		{"hang-mid", referee.FaultTimeout, "no a move for request", "", 300 * time.Millisecond},
		{"crash-mid", referee.FaultCrash, "closed its output", "IndexError", 300 * time.Millisecond},
		{"garbage", referee.FaultMalformed, "not a JSON object", "", 300 * time.Millisecond},
		{"long-line", referee.FaultMalformed, "line too long", "", 300 * time.Millisecond},
		{"illegal", referee.FaultIllegal, `"QX" is not a card`, "", 300 * time.Millisecond},
		{"wrong-id", referee.FaultMalformed, "echo the request's id", "", 300 * time.Millisecond},
		{"twice", referee.FaultMalformed, "twice", "", 300 * time.Millisecond},
		{"fork-child", referee.FaultCrash, "exited while the referee waited", "", 300 * time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.behaviour, func(t *testing.T) {
			t.Parallel()
			spec, token := fakeSpec(t, tc.behaviour)
			rec, _, took := playAgainstGreedy(t, spec)
			if len(rec.Faults) != 1 {
				t.Fatalf("faults %+v, want exactly one", rec.Faults)
			}
			f := rec.Faults[0]
			if f.Kind != tc.kind || f.Seat != 1 || !strings.Contains(f.Reason, tc.reason) || !strings.Contains(f.Stderr, tc.stderr) {
				t.Fatalf("fault %+v, want %s on seat 1 saying %q with stderr %q", f, tc.kind, tc.reason, tc.stderr)
			}
			if rec.Result.End != referee.EndForfeit || rec.Result.Ranks[0] != 1 || rec.Result.Ranks[1] != 2 {
				t.Fatalf("result %+v, want seat 0 to win by forfeit", rec.Result)
			}
			// Promptly: within the limit and the grace period, with room for a
			// loaded machine; the game itself takes milliseconds.
			if bound := tc.limit + spec.Grace + 3*time.Second; took > bound {
				t.Fatalf("the fault took %v to settle, more than %v", took, bound)
			}
			waitGone(t, token)
		})
	}
}

func TestWellBehavedProcessPlaysToTheEnd(t *testing.T) {
	spec, token := fakeSpec(t, "good")
	rec, _, _ := playAgainstGreedy(t, spec)
	if len(rec.Faults) != 0 || rec.Result.End != referee.EndNormal {
		t.Fatalf("faults %+v, result %+v", rec.Faults, rec.Result)
	}
	if problems, err := match.Replay(rec, xeri.Rules{}); err != nil || len(problems) > 0 {
		t.Fatalf("replay: %v %v", problems, err)
	}
	waitGone(t, token)
}

func TestSessionCarriesSeveralGames(t *testing.T) {
	spec, _ := fakeSpec(t, "good")
	mk, _ := bots.Lookup("random")
	p := &Player{Spec: spec}
	defer p.Close()
	var pid int
	for seed := range uint64(3) {
		rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: seed, MoveLimit: time.Second},
			[]match.Player{p, &match.Local{Make: mk}})
		if err != nil || len(rec.Faults) > 0 {
			t.Fatalf("game %d: %v %+v", seed, err, rec.Faults)
		}
		if seed == 0 {
			pid = p.Bot().Pgid()
		} else if p.Bot().Pgid() != pid {
			t.Fatal("the process was restarted between games of one session")
		}
	}
}

func TestStderrTailIsBounded(t *testing.T) {
	tl := &tail{max: 8}
	tl.Write([]byte("0123456789"))
	tl.Write([]byte("ab"))
	if got := tl.String(); got != "[...]456789ab" {
		t.Fatalf("tail = %q", got)
	}
}

func BenchmarkXeriGameThroughProcesses(b *testing.B) {
	decisions := 0
	for i := 0; i < b.N; i++ {
		mk := func() *Player {
			spec, _ := fakeSpec(nil, "good")
			return &Player{Spec: spec}
		}
		p0, p1 := mk(), mk()
		rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: uint64(i), MoveLimit: time.Second},
			[]match.Player{p0, p1})
		p0.Close()
		p1.Close()
		if err != nil {
			b.Fatal(err)
		}
		decisions += len(rec.Moves)
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

func TestFaultAtAFourPlayerCrazyEightsTable(t *testing.T) {
	for _, behaviour := range []string{"hang-mid", "crash-mid", "illegal"} {
		t.Run(behaviour, func(t *testing.T) {
			t.Parallel()
			players := make([]match.Player, 4)
			var procs []*Player
			for s := range players {
				b := "good"
				if s == 2 {
					b = behaviour
				}
				spec, _ := fakeSpec(t, b)
				p := &Player{Spec: spec}
				procs = append(procs, p)
				players[s] = p
			}
			rec, err := match.Play(context.Background(), match.Config{Rules: crazyeights.Rules{}, Seed: 5, MoveLimit: 300 * time.Millisecond}, players)
			for _, p := range procs {
				p.Close()
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Faults) != 1 || rec.Faults[0].Seat != 2 {
				t.Fatalf("faults %+v, want one by seat 2", rec.Faults)
			}
			r := rec.Result
			if r.End != referee.EndForfeit || r.Ranks[2] != 4 {
				t.Fatalf("result %+v: seat 2 must rank last", r)
			}
			for _, s := range []int{0, 1, 3} {
				if r.Ranks[s] > 3 {
					t.Fatalf("ranks %v: the others keep places 1 to 3", r.Ranks)
				}
			}
			// The others' game was played to its end, seat 2 by the fallback.
			d := r.Detail.(crazyeights.Detail)
			over := false
			for _, total := range d.Totals {
				over = over || total >= 100
			}
			fallback := 0
			for _, m := range rec.Moves {
				if m.Fallback {
					fallback++
				}
			}
			if !over || fallback == 0 {
				t.Fatalf("the game stopped early: totals %v, %d fallback moves", d.Totals, fallback)
			}
		})
	}
}

func TestFaultInATwoPlayerCrazyEightsGameEndsItAtOnce(t *testing.T) {
	good, _ := fakeSpec(t, "good")
	bad, _ := fakeSpec(t, "garbage")
	p0, p1 := &Player{Spec: good}, &Player{Spec: bad}
	rec, err := match.Play(context.Background(), match.Config{Rules: crazyeights.Rules{}, Seed: 5, MoveLimit: 300 * time.Millisecond}, []match.Player{p0, p1})
	p0.Close()
	p1.Close()
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result.Ranks[0] != 1 || rec.Result.Ranks[1] != 2 || len(rec.Moves) > 3 {
		t.Fatalf("result %+v after %d moves: the opponent wins at once", rec.Result, len(rec.Moves))
	}
}

// BenchmarkXeriSessionThroughProcesses keeps the two bot processes for every
// game of the session, so that it measures the referee's cost per decision:
// a request written, a move read, both through pipes.
func BenchmarkXeriSessionThroughProcesses(b *testing.B) {
	s0, _ := fakeSpec(nil, "good")
	s1, _ := fakeSpec(nil, "good")
	p0, p1 := &Player{Spec: s0}, &Player{Spec: s1}
	defer p0.Close()
	defer p1.Close()
	decisions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: uint64(i), MoveLimit: time.Second},
			[]match.Player{p0, p1})
		if err != nil || len(rec.Faults) > 0 {
			b.Fatal(err, rec.Faults)
		}
		decisions += len(rec.Moves)
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(b.Elapsed().Seconds()/float64(max(decisions, 1))*1e6, "µs/decision")
}

// BenchmarkPipeRoundTrip is the floor for the per-decision cost: a 1 KiB
// line to a child process (cat) and back, with no referee in between.
func BenchmarkPipeRoundTrip(b *testing.B) {
	cmd := exec.Command("cat")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	line := []byte(strings.Repeat("x", 1023) + "\n")
	buf := make([]byte, len(line))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := in.Write(line); err != nil {
			b.Fatal(err)
		}
		if _, err := io.ReadFull(out, buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)*1e6, "µs/round-trip")
}
