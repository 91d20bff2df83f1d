package crazyeights

import (
	"testing"

	"cardref/referee"
	"cardref/referee/gametest"
)

func opts(kv ...string) referee.Options {
	m := referee.Options{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

func TestConformance(t *testing.T) {
	configs := []gametest.Config{
		{Players: 2},
		{Players: 3},
		{Players: 5},
		{Players: 6},
		{Players: 10},
		{Players: 2, Options: opts(OptPreset, "openspiel_compat")},
		{Players: 5, Options: opts(OptPreset, "openspiel_compat")},
		{Players: 4, Options: opts(OptMaxDraws, "0", OptReshuffle, "true", OptScoring, WinnerCollects, OptTarget, "250")},
		{Players: 3, Options: opts(OptStarterEight, ReshuffleStock, OptMaxDraws, "1", OptAcePoints, "10", OptBlockPasses, "n+1")},
		{Players: 4, Options: opts(OptDrawWhenPlayable, "true", OptPassWhenPlayable, "true", OptStarterEight, RandomReinsert)},
		{Players: 3, Options: opts(OptMaxTurnsPerHand, "5", OptMaxHands, "3")},
		{Players: 2, Options: opts(OptHandSize2p, "7", OptDecks, "2")},
	}
	games := 5
	if testing.Short() {
		games = 1
	}
	gametest.Run(t, Rules{}, configs, games)
}
