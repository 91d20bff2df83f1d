package gametest_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"cardref/referee"
	"cardref/referee/games/xeri"
	"cardref/referee/gametest"
)

// leakyRules wraps Xeri in an engine that shows too much, to prove that the
// conformance suite catches it.
type leakyRules struct {
	xeri.Rules
	leak string // "opponent", "stock" or "event"
}

type leakyGame struct {
	referee.Game
	leak string
}

func (r leakyRules) New(n int, o referee.Options, rng *rand.Rand) (referee.Game, error) {
	g, err := r.Rules.New(n, o, rng)
	return leakyGame{g, r.leak}, err
}

func (g leakyGame) Hidden(s referee.Seat) []string { return g.Game.(referee.Secrets).Hidden(s) }

// View shows the real view plus one hidden card: the first card of the
// next seat's hand, or the top of the stock.
func (g leakyGame) View(s referee.Seat) any {
	v := g.Game.View(s)
	if s < 0 || g.leak == "event" {
		return v
	}
	opp := g.Game.(referee.Secrets).Hidden(s)
	if len(opp) == 0 {
		return v
	}
	peek := opp[0]
	if g.leak == "stock" {
		peek = opp[len(opp)-1]
	}
	return map[string]any{"view": v, "peek": peek}
}

// Apply tells every seat the next card of the stock after each play.
func (g leakyGame) Apply(s referee.Seat, m referee.Move) error {
	if err := g.Game.Apply(s, m); err != nil {
		return err
	}
	if g.leak == "event" && g.ToAct() >= 0 {
		h := g.Game.(referee.Secrets).Hidden(g.ToAct())
		if len(h) > 0 {
			g.Log().Public(map[string]any{"type": "hint", "card": h[len(h)-1]})
		}
	}
	return nil
}

func TestLeakCheckCatchesLeakyEngines(t *testing.T) {
	for _, leak := range []string{"opponent", "stock", "event"} {
		err := gametest.Check(leakyRules{leak: leak}, gametest.Config{Players: 2}, 1)
		if err == nil || !strings.Contains(err.Error(), "hidden-information leak") {
			t.Errorf("an engine leaking the %s was not caught: %v", leak, err)
		}
	}
}

func TestHonestEnginePasses(t *testing.T) {
	if err := gametest.Check(xeri.Rules{}, gametest.Config{Players: 2}, 1); err != nil {
		t.Fatal(err)
	}
}
