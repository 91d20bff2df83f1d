package crazyeights

import (
	"testing"

	"cardref/referee/gametest"
)

var opts = gametest.Opts

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
