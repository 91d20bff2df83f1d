package bots_test

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"cardref/bots"
	"cardref/referee"
	"cardref/referee/games/crazyeights"
	"cardref/referee/games/verish"
	"cardref/referee/games/xeri"
	"cardref/referee/match"
	"cardref/referee/process"
)

// TestPythonXeriBotPlaysAHundredGames runs the Python example bot as a real
// process for 100 games against greedy, in one session, alternating seats.
func TestPythonXeriBotPlaysAHundredGames(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatal("python3 is needed to test the Python example bot (.ci/run installs it)")
	}
	py := &process.Player{Spec: process.Spec{Name: "xeri_bot", Argv: []string{"python3", "python/xeri_bot.py"}, MoveLimit: 2 * time.Second}}
	defer py.Close()
	mk, _ := bots.Lookup("greedy")
	games := 100
	if testing.Short() {
		games = 10
	}
	pyWins := 0
	for i := range games {
		players := []match.Player{py, &match.Local{Make: mk}}
		pySeat := 0
		if i%2 == 1 {
			players[0], players[1] = players[1], players[0]
			pySeat = 1
		}
		rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Seed: uint64(i), MoveLimit: 2 * time.Second}, players)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Faults) > 0 {
			t.Fatalf("game %d: the Python bot faulted: %+v", i, rec.Faults)
		}
		if rec.Result.Ranks[pySeat] == 1 {
			pyWins++
		}
	}
	t.Logf("python xeri_bot won %d of %d games against greedy", pyWins, games)
}

// TestPythonCrazyEightsBotPlaysWithoutFault runs the Python example bot at
// a three-player table, one session, many games.
func TestPythonCrazyEightsBotPlaysWithoutFault(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatal("python3 is needed to test the Python example bot (.ci/run installs it)")
	}
	py := &process.Player{Spec: process.Spec{Name: "crazyeights_bot", Argv: []string{"python3", "python/crazyeights_bot.py"}, MoveLimit: 2 * time.Second}}
	defer py.Close()
	greedy, _ := bots.Lookup("greedy")
	random, _ := bots.Lookup("random")
	for i := range 30 {
		players := []match.Player{&match.Local{Make: greedy}, &match.Local{Make: random}}
		seat := i % 3
		players = append(players[:seat], append([]match.Player{py}, players[seat:]...)...)
		rec, err := match.Play(context.Background(), match.Config{Rules: crazyeights.Rules{}, Seed: uint64(i), MoveLimit: 2 * time.Second}, players)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Faults) > 0 {
			t.Fatalf("game %d: %+v", i, rec.Faults)
		}
	}
}

// TestPythonVerishBotPlaysWithoutFault runs the Python example bot at
// tables of 2 to 5, in one session, with and without the variants.
func TestPythonVerishBotPlaysWithoutFault(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatal("python3 is needed to test the Python example bot (.ci/run installs it)")
	}
	py := &process.Player{Spec: process.Spec{Name: "verish_bot", Argv: []string{"python3", "python/verish_bot.py"}, MoveLimit: 2 * time.Second}}
	defer py.Close()
	names := []string{"counter", "honest", "random"}
	variants := []referee.Options{{}, {"believe_check": "true"}, {"believe_check": "true", "stay_until_round_end": "true"}, {"anti_repeat_two_players": "true"}}
	for i := range 24 {
		players := []match.Player{py}
		for s := 1; s < 2+i%4; s++ {
			mk, _ := bots.Lookup(names[(i+s)%3])
			players = append(players, &match.Local{Make: mk})
		}
		rec, err := match.Play(context.Background(), match.Config{Rules: verish.Rules{}, Options: variants[i%4], Seed: uint64(i), MoveLimit: 2 * time.Second}, players)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Faults) > 0 {
			t.Fatalf("game %d: %+v", i, rec.Faults)
		}
	}
}
