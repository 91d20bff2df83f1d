package match

import (
	"testing"

	"cardref/referee/games/verish"
)

func TestCounterBeatsTheOthersAtVerish(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	if *gamesFlag > 0 {
		games = *gamesFlag
	}
	for _, players := range []int{2, 3, 5} {
		for _, field := range []string{"random", "honest"} {
			rate := winRate(t, verish.Rules{}, players, games, "counter", field)
			t.Logf("counter v %s at verish, %d players: won %.1f%% of %d games (a seat wins %.0f%% by chance)", field, players, 100*rate, games, 100.0/float64(players))
			if rate < 1.3/float64(players) {
				t.Errorf("counter v %s, %d players: won %.1f%%, not clearly more than a fair share", field, players, 100*rate)
			}
		}
	}
}
