package verish

import (
	"testing"

	"cardref/referee/gametest"
)

var opts = gametest.Opts

func TestConformance(t *testing.T) {
	configs := []gametest.Config{
		{Players: 2},
		{Players: 3},
		{Players: 4},
		{Players: 5},
		{Players: 6},
		{Players: 3, Options: opts(OptDeck, "36", OptSetAside, "false")},
		{Players: 4, Options: opts(OptQuadDiscard, QuadsAuto)},
		{Players: 3, Options: opts(OptQuadDiscard, QuadsOff, OptLeadMax, "4", OptFollowMax, "2")},
		{Players: 3, Options: opts(OptBelieveCheck, "true")},
		{Players: 4, Options: opts(OptBelieveCheck, "true", OptStay, "true")},
		{Players: 2, Options: opts(OptBelieveCheck, "true", OptStay, "true")},
		{Players: 3, Options: opts(OptAntiRepeat, "true", OptNumGames, "3", OptNextDealer, "rotate")},
		{Players: 2, Options: opts(OptMaxMoves, "40", OptNumGames, "2")},
	}
	games := 5
	if testing.Short() {
		games = 1
	}
	gametest.Run(t, Rules{}, configs, games)
}
