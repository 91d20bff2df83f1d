package xeri

import (
	"testing"

	"cardref/referee/gametest"
)

func TestConformance(t *testing.T) {
	o := gametest.Opts
	configs := []gametest.Config{
		{Players: 2},
		{Players: 3},
		{Players: 4},
		{Players: 4, Options: o(OptPartnerships, "false")},
		{Players: 2, Options: o(OptShowBottomCard, "true", OptInitialPileRule, PileJackToBotom)},
		{Players: 2, Options: o(OptInitialPileRule, PileAcceptAny, OptHandSize, "4", OptLastCardXeri, "false")},
		{Players: 2, Options: o(OptMatchMode, "rounds", OptNumRounds, "4", OptRoundsTiebreak, "extra_round")},
		{Players: 3, Options: o(OptTargetScore, "151", OptSimultaneousTarget, "raise", OptJackXeriBonus, "25")},
		{Players: 2, Options: o(OptMaxRounds, "1", OptMaxPileRedeals, "0")},
	}
	games := 5
	if testing.Short() {
		games = 1
	}
	gametest.Run(t, Rules{}, configs, games)
}
