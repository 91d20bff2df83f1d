package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardref/referee/match"
)

// The test binary stands in for the referee's own program when 'play'
// starts a built-in bot as 'referee bot NAME'.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "bot" {
		os.Exit(run(os.Args, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"referee"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

func TestPlayPrintsAReadableGame(t *testing.T) {
	out, errs, code := runCLI(t, "play", "xeri", "greedy", "random", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Xeri · seed 1 · greedy (seat 0) v random (seat 1)", "── Round 1", "is dealt", "Starting pile",
		"plays", "takes", "Round 1 scores:", "Result (normal):", " 1. greedy"} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
}

func TestPlayJSONIsAReplayableRecord(t *testing.T) {
	out, errs, code := runCLI(t, "play", "xeri", "--json", "--seed", "7", "--option", "target_score=30", "greedy", "random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rec match.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("--json did not print a record: %v", err)
	}
	if rec.Seed != 7 || rec.Options["target_score"] != "30" || len(rec.Moves) == 0 || rec.Bots[0].Builtin != "greedy" {
		t.Fatalf("record %+v", rec)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	os.WriteFile(path, []byte(out), 0o644)
	out, errs, code = runCLI(t, "replay", path)
	if code != 0 || !strings.Contains(out, "reproduces") || !strings.Contains(out, "Result (normal)") {
		t.Fatalf("replay: exit %d\n%s\n%s", code, out, errs)
	}
	// A tampered record fails with exit status 1.
	rec.Moves[2].Move.Card = rec.Moves[3].Move.Card
	b, _ := json.Marshal(rec)
	os.WriteFile(path, b, 0o644)
	out, _, code = runCLI(t, "replay", "-q", path)
	if code != 1 || !strings.Contains(out, "does NOT reproduce") {
		t.Fatalf("tampered replay: exit %d\n%s", code, out)
	}
}

func TestPlayWithAPythonBot(t *testing.T) {
	out, errs, code := runCLI(t, "play", "xeri", "greedy", "python3 ../../bots/python/xeri_bot.py", "--seed", "3", "-q")
	if code != 0 || !strings.Contains(out, "xeri_bot") || strings.Contains(out, "FAULT") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
}

func TestFaultsAreShownWithTheBotsStderr(t *testing.T) {
	out, _, code := runCLI(t, "play", "xeri", "greedy", "sh -c 'echo oops >&2; exit 4'", "--seed", "3")
	if code != 0 {
		t.Fatalf("a faulting bot is the bot's failure, not the referee's: exit %d", code)
	}
	for _, want := range []string{"FAULT", "crash", "exit status 4", "| oops", "Result (forfeit)", " 1. greedy"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestBadUsageExitsTwoWithAClearMessage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "chess", "a", "b"}, `no game "chess": the games are crazyeights, verish, xeri`},
		{[]string{"play", "xeri", "greedy"}, "xeri takes 2 to 4 bots"},
		{[]string{"play", "xeri", "greedy", "random", "--option", "target=3"}, `xeri has no option "target"`},
		{[]string{"play", "xeri", "greedy", "random", "--option", "xeri_bonus=lots"}, "must be a whole number"},
		{[]string{"play", "xeri", "greedy", "random", "--option", "oops"}, "write it as name=value"},
		{[]string{"play", "xeri", "greedy", "random", "--seed", "x"}, "seed"},
		{[]string{"play"}, "play needs a game"},
		{[]string{"replay", "/no/such/file"}, "cannot read the game records"},
		{[]string{"bot", "nobody"}, `no built-in bot "nobody"`},
		{[]string{"frobnicate"}, `no command "frobnicate"`},
	} {
		_, errs, code := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

func TestNoArgumentsLeadToAFirstGame(t *testing.T) {
	out, _, code := runCLI(t)
	if code != 0 || !strings.Contains(out, "referee play xeri greedy random --seed 1") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestGamesListsEveryOptionWithItsDefault(t *testing.T) {
	out, _, code := runCLI(t, "games")
	if code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{"xeri — 2 to 4 players", "target_score", "51", "initial_pile_rule", "redeal_top_pair_or_jack|jack_to_bottom|accept_any", "greedy", "random"} {
		if !strings.Contains(out, want) {
			t.Errorf("games lacks %q", want)
		}
	}
}

func TestCrazyEightsAtEveryTableSize(t *testing.T) {
	py := "python3 ../../bots/python/crazyeights_bot.py"
	for _, seats := range [][]string{
		{"greedy", py},
		{"greedy", "random", py},
		{"greedy", "random", py, "random", "greedy"},
		{"greedy", "random", py, "random", "greedy", py},
		{"greedy", "random", py, "random", "greedy", py, "random", "greedy", "random", py},
	} {
		args := append([]string{"play", "crazyeights", "--seed", "3"}, seats...)
		out, errs, code := runCLI(t, args...)
		if code != 0 || strings.Contains(out, "FAULT") || !strings.Contains(out, "Result (normal)") {
			t.Fatalf("%d players: exit %d\n%s\n%s", len(seats), code, out, errs)
		}
		for _, want := range []string{"Crazy Eights · seed 3", "── Hand 1", "Starter:", "plays", "holds", "penalty"} {
			if !strings.Contains(out, want) {
				t.Errorf("%d players: the transcript lacks %q", len(seats), want)
			}
		}
	}
}

func TestCrazyEightsTranscriptShowsNoDrawnCard(t *testing.T) {
	out, _, _ := runCLI(t, "play", "crazyeights", "random", "random", "random", "--seed", "3")
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "draws") && strings.Count(line, " ") > 0 {
			fields := strings.Fields(line)
			for _, f := range fields {
				if len(f) == 2 && strings.ContainsAny(f[:1], "A23456789TJQK") && strings.ContainsAny(f[1:], "CDHS") {
					t.Fatalf("a draw shows a card: %q", line)
				}
			}
		}
	}
	if !strings.Contains(out, "names ") {
		t.Fatal("no 8 with a named suit in the transcript")
	}
}

func TestVerishAtEveryTableSizeAndOption(t *testing.T) {
	py := "python3 ../../bots/python/verish_bot.py"
	tables := [][]string{
		{"counter", py},
		{"counter", "honest", py},
		{"counter", "honest", "random", py},
		{"counter", "honest", "random", py, "counter"},
		{"counter", "honest", "random", py, "counter", "honest"},
	}
	options := [][]string{
		nil,
		{"deck=36", "set_aside_card=false"},
		{"quad_discard=mandatory_auto"},
		{"quad_discard=off", "lead_max=4", "follow_max=2"},
		{"believe_check=true"},
		{"believe_check=true", "stay_until_round_end=true"},
		{"anti_repeat_two_players=true", "num_games=2", "next_dealer=rotate"},
		{"max_moves_per_game=30"},
	}
	for i, seats := range tables {
		for j, opts := range options {
			if (i+j)%2 == 1 && j > 0 {
				continue // every option at some table sizes, every table size with the defaults
			}
			args := []string{"play", "verish", "--seed", "5", "-q"}
			for _, o := range opts {
				args = append(args, "--option", o)
			}
			out, errs, code := runCLI(t, append(args, seats...)...)
			if code != 0 || strings.Contains(out, "FAULT") || !strings.Contains(out, "Result (") {
				t.Fatalf("%d players, %v: exit %d\n%s\n%s", len(seats), opts, code, out, errs)
			}
		}
	}
}

func TestVerishTranscriptTellsThePublicGameThenTheTruth(t *testing.T) {
	out, _, code := runCLI(t, "play", "verish", "counter", "honest", "random", "--seed", "5")
	if code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{"Verish · seed 5", "puts down", "trusts and adds", "does not trust", "revealed:", "picks up the pile",
		"is out of cards: place 1", "The truth of every play:", "LIE", "The card set aside was", "finishing order"} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	// Before the truth is told, no line shows the cards of a face-down play.
	public := out[:strings.Index(out, "The truth of every play:")]
	for _, line := range strings.Split(public, "\n") {
		if strings.Contains(line, "puts down") || strings.Contains(line, "adds") || strings.Contains(line, "gets") {
			for _, f := range strings.Fields(line) {
				if len(f) == 2 && strings.ContainsAny(f[:1], "A23456789TJQK") && strings.ContainsAny(f[1:], "CDHS") {
					t.Fatalf("a face-down play shows a card: %q", line)
				}
			}
		}
	}
}

func TestTournamentRunReportRateReplay(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "t.yaml")
	os.WriteFile(cfg, []byte(`name: cli-test
game: crazyeights
players: 3
deals: 2
seed: 5
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random}
  - {name: python, command: "python3 `+mustAbs(t, "../../bots/python/crazyeights_bot.py")+`"}
`), 0o644)
	out, errs, code := runCLI(t, "tournament", "validate", cfg)
	if code != 0 || !strings.Contains(out, "is valid: crazyeights, 3 bots, 3-player tables, round-robin, 6 games") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errs)
	}
	res := filepath.Join(dir, "res")
	out, errs, code = runCLI(t, "tournament", "run", cfg, "--out", res, "--concurrency", "2")
	if code != 0 || !strings.Contains(out, "cli-test — crazyeights, 6 of 6 games played") || !strings.Contains(out, "±95%") {
		t.Fatalf("run: exit %d\n%s%s", code, out, errs)
	}
	out, _, code = runCLI(t, "tournament", "report", res, "--csv")
	if code != 0 || !strings.HasPrefix(out, "rank,bot,elo") {
		t.Fatalf("report --csv: exit %d\n%s", code, out)
	}
	pgn := filepath.Join(dir, "games.pgn")
	out, _, code = runCLI(t, "tournament", "report", res, "--json", "--pgn", pgn)
	var rep struct {
		Standings []struct{ Bot string } `json:"standings"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Standings) != 3 {
		t.Fatalf("report --json: exit %d\n%s", code, out)
	}
	for _, file := range []string{filepath.Join(res, "games.jsonl"), pgn} {
		out, errs, code = runCLI(t, "rate", file, "--los")
		if code != 0 || !strings.Contains(out, "Plackett–Luce") || !strings.Contains(out, "Likelihood of superiority") {
			t.Fatalf("rate %s: exit %d\n%s%s", file, code, out, errs)
		}
	}
	out, errs, code = runCLI(t, "replay", "-q", filepath.Join(res, "games.jsonl"))
	if code != 0 || strings.Count(out, "reproduces") != 6 {
		t.Fatalf("replay of the tournament: exit %d\n%s%s", code, out, errs)
	}
	// Editing the config and running again into the same folder is refused.
	os.WriteFile(cfg, []byte(strings.Replace(mustRead(t, cfg), "deals: 2", "deals: 3", 1)), 0o644)
	_, errs, code = runCLI(t, "tournament", "run", cfg, "--out", res)
	if code != 2 || !strings.Contains(errs, "different configuration") {
		t.Fatalf("changed config: exit %d, %s", code, errs)
	}
	_, errs, code = runCLI(t, "tournament", "validate", filepath.Join(dir, "missing.yaml"))
	if code != 2 || !strings.Contains(errs, "cannot read the tournament file") {
		t.Fatalf("missing config: exit %d, %s", code, errs)
	}
}

func TestRateReadsOrdersWithTiesAndAnchors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orders.txt")
	os.WriteFile(path, []byte("# best first\nA B C\nB A C\nA B=C\nC A B\n"), 0o644)
	out, errs, code := runCLI(t, "rate", path, "--anchor", "C=1000")
	if code != 0 || !strings.Contains(out, "+1000.0") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	os.WriteFile(path, []byte("A B\nA C\nA B\n"), 0o644)
	out, _, code = runCLI(t, "rate", path)
	if code != 0 || !strings.Contains(out, "* A won every game") {
		t.Fatalf("a bot that won everything must be flagged:\n%s", out)
	}
	_, errs, code = runCLI(t, "rate", path, "--prior", "0")
	if code != 2 || !strings.Contains(errs, "no finite maximum-likelihood ratings") {
		t.Fatalf("--prior 0: exit %d %s", code, errs)
	}
}

func mustAbs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func mustRead(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
