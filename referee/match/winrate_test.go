package match

import (
	"testing"

	"cardref/referee"
	"cardref/referee/games/crazyeights"
)

// winRate seats `hero` once in each seat in turn against copies of
// `field`, and returns the share of games it ranked first (alone or tied).
func winRate(t testing.TB, rules referee.Rules, players, games int, hero, field string) float64 {
	t.Helper()
	wins := 0
	for i := range games {
		seat := i % players
		ps := make([]Player, players)
		for s := range ps {
			name := field
			if s == seat {
				name = hero
			}
			ps[s] = builtin(t, name)
		}
		rec := playGame(t, rules, uint64(i), ps)
		if len(rec.Faults) > 0 {
			t.Fatalf("game %d: %+v", i, rec.Faults)
		}
		if rec.Result.Ranks[seat] == 1 {
			wins++
		}
	}
	return float64(wins) / float64(games)
}

func TestGreedyBeatsRandomAtCrazyEights(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 80
	}
	if *gamesFlag > 0 {
		games = *gamesFlag
	}
	for _, tc := range []struct {
		players int
		least   float64
	}{{2, 0.6}, {4, 0.35}} {
		rate := winRate(t, crazyeights.Rules{}, tc.players, games, "greedy", "random")
		t.Logf("greedy v random at crazyeights, %d players: won %.1f%% of %d games (a random seat wins %.0f%%)", tc.players, 100*rate, games, 100.0/float64(tc.players))
		if rate < tc.least {
			t.Errorf("%d players: greedy won %.1f%%, want at least %.0f%%", tc.players, 100*rate, 100*tc.least)
		}
	}
}
