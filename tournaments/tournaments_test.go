package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"cardref/bots"
	"cardref/referee/process/misbehave"
)

// The test binary doubles as the built-in bots: with CARDREF_BOT=NAME it
// serves that bot; with CARDREF_RUN=CONFIG it runs a tournament (the
// SIGKILL test kills it midway).
func TestMain(m *testing.M) {
	if b := os.Getenv("CARDREF_FAKEBOT"); b != "" {
		misbehave.Run(b)
		os.Exit(0)
	}
	if name := os.Getenv("CARDREF_BOT"); name != "" {
		if err := bots.Serve(name, os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if path := os.Getenv("CARDREF_RUN"); path != "" {
		cfg, err := LoadConfig(path)
		if err == nil {
			_, err = testRunner(cfg, os.Getenv("CARDREF_OUT"), 2).Run(context.Background())
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func testRunner(cfg *Config, out string, concurrency int) *Runner {
	exe, _ := os.Executable()
	return &Runner{Config: cfg, Out: out, Concurrency: concurrency,
		BuiltinArgv: func(name string) []string {
			return []string{"/usr/bin/env", "CARDREF_BOT=" + name, "GORACE=atexit_sleep_ms=0", exe, "-test.run=^$"}
		}}
}

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const smallXeri = `name: small
game: xeri
options: {target_score: 20}
deals: 4
seed: 99
concurrency: 2
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random}
  - {name: random-2, builtin: random}
`

func TestConfigErrorsNameTheLineAndAHint(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
	}{
		{"game: xeri\nconcurency: 2\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", `t.yaml:2: unknown key "concurency" — did you mean "concurrency"?`},
		{"game: chess\nbots: [{name: a, builtin: random}]\n", `t.yaml:1: no game "chess"`},
		{"game: xeri\ndeals: many\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", `t.yaml:2: deals: a whole number is needed, not "many"`},
		{"game: xeri\noptions: {target: 5}\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", `t.yaml:2: options: bad game options: xeri has no option "target"`},
		{"game: xeri\nlimits: {move: fast}\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", "limits.move must be a positive duration"},
		{"game: xeri\nbots:\n  - {name: a, builtin: random}\n  - {name: a, builtin: greedy}\n", `t.yaml:4: two bots are called "a"`},
		{"game: xeri\nbots:\n  - {name: a, builtin: random}\n  - {name: b, bultin: greedy}\n", `t.yaml:4: unknown bot key "bultin" — did you mean "builtin"?`},
		{"game: xeri\nbots:\n  - {name: a, builtin: wizard}\n  - {name: b, builtin: greedy}\n", `no built-in bot "wizard"`},
		{"game: xeri\nbots:\n  - {name: a, command: \"python3 a.py\", dir: no/such/folder}\n  - {name: b, builtin: greedy}\n", `dir "no/such/folder" is not a folder`},
		{"game: xeri\nbots: [{name: a, builtin: random}]\n", "needs at least 2 bots"},
		{"game: xeri\nformat: gauntlet\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", "reference: true"},
		{"game: xeri\nformat: swiss\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", "format must be round-robin or gauntlet"},
		{"game: xeri\non_fault: ignore\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", "on_fault must be forfeit or substitute"},
		{"game: xeri\nplayers: 5\nbots: [{name: a, builtin: random}, {name: b, builtin: random}]\n", "for 2 to 4 players a table, not 5"},
		{"game: [xeri\n", "not valid YAML"},
		{"", "the file is empty"},
		{"game: xeri\nbots:\n  - {name: a, command: \"python4 a.py\"}\n  - {name: b, builtin: greedy}\n", `t.yaml:3: bot a: the program "python4" is not installed`},
		{"game: xeri\nbots:\n  - {name: a, command: [./no-such-bot]}\n  - {name: b, builtin: greedy}\n", "the program ./no-such-bot does not exist"},
	} {
		_, err := ParseConfig([]byte(tc.text), "t.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\n  error %v\n  want  %q", tc.text, err, tc.want)
		}
	}
}

func TestExampleConfigsAreValid(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("examples", "*.yaml"))
	if len(paths) < 3 {
		t.Fatalf("examples: %v", paths)
	}
	seen := map[string]bool{}
	for _, p := range paths {
		c, err := LoadConfig(p)
		if err != nil {
			t.Fatal(err)
		}
		seen[c.Game] = true
	}
	for _, g := range []string{"xeri", "crazyeights", "verish"} {
		if !seen[g] {
			t.Errorf("no example for %s", g)
		}
	}
}

func TestSchedules(t *testing.T) {
	base := "game: crazyeights\ndeals: 3\nduplicate: %v\nplayers: %d\nformat: %s\nbots:\n" +
		"  - {name: a, builtin: random}\n  - {name: b, builtin: random}\n  - {name: c, builtin: random, reference: true}\n  - {name: d, builtin: random, reference: true}\n"
	for _, tc := range []struct {
		dup     bool
		players int
		format  string
		want    int
	}{
		{true, 2, RoundRobin, 6 * 3 * 2}, // every pair, 3 deals, both seatings
		{false, 2, RoundRobin, 6 * 3},
		{true, 3, RoundRobin, 4 * 3 * 3}, // every 3-subset, 3 rotations
		{true, 2, Gauntlet, 2 * 2 * 3 * 2},
		{true, 3, Gauntlet, 2 * 1 * 3 * 3},
	} {
		c, err := ParseConfig([]byte(fmt.Sprintf(base, tc.dup, tc.players, tc.format)), "s.yaml")
		if err != nil {
			t.Fatal(err)
		}
		jobs, _ := c.Schedule()
		if len(jobs) != tc.want {
			t.Errorf("%+v: %d games, want %d", tc, len(jobs), tc.want)
		}
		ids := map[string]bool{}
		for _, j := range jobs {
			if ids[j.ID] {
				t.Fatalf("game %s scheduled twice", j.ID)
			}
			ids[j.ID] = true
			if tc.format == Gauntlet {
				refs := 0
				for _, s := range j.Seats {
					if c.Bots[s].Reference {
						refs++
					}
				}
				if refs != tc.players-1 {
					t.Fatalf("gauntlet table %v: candidates only meet references", j.Seats)
				}
			}
		}
		if tc.dup {
			// A deal's rotations seat each bot of the table once in each seat.
			seatOf := map[string]map[int]bool{}
			for _, j := range jobs {
				for s, b := range j.Seats {
					key := fmt.Sprintf("%s/%d", j.Cluster, b)
					if seatOf[key] == nil {
						seatOf[key] = map[int]bool{}
					}
					seatOf[key][s] = true
				}
			}
			for key, seats := range seatOf {
				if len(seats) != tc.players {
					t.Fatalf("%s sits in seats %v, want every seat once", key, seats)
				}
			}
		}
	}
	if DealSeed(42, 3) == DealSeed(42, 4) || DealSeed(42, 3) != DealSeed(42, 3) || DealSeed(42, 3) == DealSeed(43, 3) {
		t.Fatal("deal seeds must depend on the master seed and the deal, and on nothing else")
	}
}

func runSmall(t *testing.T, cfgText, out string, concurrency int) *Report {
	t.Helper()
	cfg, err := ParseConfig([]byte(cfgText), writeConfig(t, cfgText))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Path = writeConfig(t, cfgText)
	if _, err := testRunner(cfg, out, concurrency).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	rep, err := BuildReport(out, "")
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// standings is the part of a report that must not depend on how the games
// were run.
func standings(rep *Report) string {
	var b strings.Builder
	for _, s := range rep.Standings {
		fmt.Fprintf(&b, "%d %s %.6f %.6f %d %.3f %v\n", s.Rank, s.Bot, s.Elo, s.CI95, s.Games, s.Points, s.Faults)
	}
	return b.String()
}

func TestRunReportsAndDoesNotDependOnConcurrency(t *testing.T) {
	a := runSmall(t, smallXeri, filepath.Join(t.TempDir(), "a"), 1)
	b := runSmall(t, smallXeri, filepath.Join(t.TempDir(), "b"), 4)
	if a.Played != 24 || a.Scheduled != 24 || len(a.Standings) != 3 {
		t.Fatalf("played %d of %d, %d standings", a.Played, a.Scheduled, len(a.Standings))
	}
	if standings(a) != standings(b) {
		t.Fatalf("concurrency changed the results:\n%s\n%s", standings(a), standings(b))
	}
	if a.Standings[0].Bot != "greedy" || a.Cross["greedy"]["random"] == "" {
		t.Fatalf("standings %s cross %v", standings(a), a.Cross)
	}
	var text strings.Builder
	a.WriteText(&text)
	for _, want := range []string{"rank", "Elo", "±95%", "greedy", "Cross-table"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	var pgn strings.Builder
	if err := a.WritePGN(&pgn); err != nil || strings.Count(pgn.String(), "[White ") != 24 {
		t.Fatalf("PGN export: %v, %d games", err, strings.Count(pgn.String(), "[White "))
	}
	var csvOut strings.Builder
	a.WriteCSV(&csvOut)
	if !strings.HasPrefix(csvOut.String(), "rank,bot,elo") || strings.Count(csvOut.String(), "\n") != 4 {
		t.Fatalf("CSV:\n%s", csvOut.String())
	}
}

func TestRerunningAFinishedTournamentPlaysNothingAgain(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r")
	first := runSmall(t, smallXeri, out, 2)
	again := runSmall(t, smallXeri, out, 2)
	if again.Played != first.Played || standings(first) != standings(again) {
		t.Fatalf("a second run changed the results: %d then %d games", first.Played, again.Played)
	}
}

func TestAChangedConfigIsRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c")
	runSmall(t, smallXeri, out, 2)
	changed := strings.Replace(smallXeri, "deals: 4", "deals: 5", 1)
	cfg, err := ParseConfig([]byte(changed), writeConfig(t, changed))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Path = writeConfig(t, changed)
	_, err = testRunner(cfg, out, 2).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "different configuration") || !strings.Contains(err.Error(), "deals: 4 → 5") {
		t.Fatalf("err = %v", err)
	}
	// Concurrency is not part of the tournament: changing it resumes.
	conc := strings.Replace(smallXeri, "concurrency: 2", "concurrency: 1", 1)
	if rep := runSmall(t, conc, out, 1); rep.Played != 24 {
		t.Fatalf("played %d", rep.Played)
	}
}

func TestKilledRunResumesToTheSameStandings(t *testing.T) {
	cfgText := strings.Replace(smallXeri, "deals: 4", "deals: 12", 1)
	cfgPath := writeConfig(t, cfgText)
	clean := runSmall(t, cfgText, filepath.Join(t.TempDir(), "clean"), 2)

	out := filepath.Join(t.TempDir(), "killed")
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "CARDREF_RUN="+cfgPath, "CARDREF_OUT="+out, "GORACE=atexit_sleep_ms=0")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it, and its bots, once some but not all games are written.
	deadline := time.Now().Add(60 * time.Second)
	for {
		games, _, _ := ReadGames(filepath.Join(out, GamesFile))
		if len(games) >= 10 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the runner wrote too few games to be killed midway")
		}
		time.Sleep(5 * time.Millisecond)
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Wait()
	before, _, err := ReadGames(filepath.Join(out, GamesFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(before) >= 72 {
		t.Fatal("the runner finished before it was killed: the test proved nothing")
	}
	t.Logf("killed with %d of 72 games written", len(before))
	resumed := runSmall(t, cfgText, out, 2)
	if resumed.Played != 72 {
		t.Fatalf("after resuming: %d games, want 72", resumed.Played)
	}
	games, _, _ := ReadGames(filepath.Join(out, GamesFile))
	ids := map[string]bool{}
	for _, g := range games {
		if ids[g.ID] {
			t.Fatalf("game %s recorded twice", g.ID)
		}
		ids[g.ID] = true
	}
	if standings(clean) != standings(resumed) {
		t.Fatalf("killed and resumed (%d games before the kill):\n%s\nuninterrupted:\n%s", len(before), standings(resumed), standings(clean))
	}
}

func TestAPartialLastLineIsCutOffAndReplayed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p")
	runSmall(t, smallXeri, out, 2)
	path := filepath.Join(out, GamesFile)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	// Drop the last game and leave half of it, as a crash mid-write would.
	last := lines[len(lines)-2]
	cut := strings.Join(lines[:len(lines)-2], "") + last[:len(last)/2]
	os.WriteFile(path, []byte(cut), 0o644)
	rep := runSmall(t, smallXeri, out, 2)
	if rep.Played != 24 {
		t.Fatalf("played %d", rep.Played)
	}
	// A damaged line in the middle is an error, not silently dropped.
	data, _ = os.ReadFile(path)
	lines = strings.SplitAfter(string(data), "\n")
	lines[3] = "{not json\n"
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	if _, _, err := ReadGames(path); err == nil || !strings.Contains(err.Error(), ":4 is damaged") {
		t.Fatalf("err = %v", err)
	}
}

func TestFaultsReachTheReport(t *testing.T) {
	text := smallXeri + "  - {name: broken, command: [sh, -c, \"echo not json; sleep 5\"]}\n"
	rep := runSmall(t, strings.Replace(text, "deals: 4", "deals: 1", 1), filepath.Join(t.TempDir(), "f"), 2)
	var broken *Standing
	for i := range rep.Standings {
		if rep.Standings[i].Bot == "broken" {
			broken = &rep.Standings[i]
		}
	}
	if broken == nil || broken.Faults["malformed"] != 6 || broken.Games != 6 {
		t.Fatalf("broken: %+v", broken)
	}
	for _, s := range rep.Standings {
		if s.Bot != "broken" && len(s.Faults) > 0 {
			t.Fatalf("%s was charged with faults: %v", s.Bot, s.Faults)
		}
	}
	if len(rep.Faults) != 6 || !strings.Contains(rep.Faults[0].Reason, "not a JSON object") {
		t.Fatalf("faults %+v", rep.Faults)
	}
	b, _ := json.Marshal(rep)
	if !strings.Contains(string(b), `"faults"`) {
		t.Fatal("JSON report lacks faults")
	}
}
