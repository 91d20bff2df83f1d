package rating

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The test vectors (ratings/ in the project's shared documents, copied here):
// inputs under data/, expected numbers in expected.json.
var vectors = "testdata"

type expected struct {
	Vectors map[string]map[string]json.RawMessage `json:"vectors"`
}

type fitted struct {
	Players map[string]struct {
		Elo        float64 `json:"elo"`
		SEModel    float64 `json:"se_model"`
		SESandwich float64 `json:"se_sandwich"`
	} `json:"players"`
	LOS    map[string]map[string]float64 `json:"los_model"`
	Extras map[string]any                `json:"extras"`
}

func load(t *testing.T, vector, model string) fitted {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(vectors, "expected.json"))
	if err != nil {
		t.Fatalf("the rating vectors are missing: %v", err)
	}
	var e expected
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	var f fitted
	if err := json.Unmarshal(e.Vectors[vector][model], &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func read(t *testing.T, name string) []Game {
	t.Helper()
	f, err := os.Open(filepath.Join(vectors, "data", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []Game
	switch {
	case strings.HasSuffix(name, ".csv"):
		games, err = ReadCSV(f, name)
	case strings.HasSuffix(name, ".pgn"):
		games, err = ReadPGN(f, name)
	default:
		games, err = ReadOrders(f, name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func byName(r *Result) map[string]Player {
	m := map[string]Player{}
	for _, p := range r.Players {
		m[p.Name] = p
	}
	return m
}

func check(t *testing.T, label string, r *Result, want fitted, ses bool) {
	t.Helper()
	got := byName(r)
	for name, w := range want.Players {
		g, ok := got[name]
		if !ok {
			t.Fatalf("%s: %s is not rated", label, name)
		}
		if math.Abs(g.Elo-w.Elo) > 1e-4 {
			t.Errorf("%s: %s Elo %.6f, want %.6f", label, name, g.Elo, w.Elo)
		}
		if ses {
			if math.Abs(g.SEModel-w.SEModel) > 1e-4*w.SEModel {
				t.Errorf("%s: %s model SE %.6f, want %.6f", label, name, g.SEModel, w.SEModel)
			}
			if math.Abs(g.SESandwich-w.SESandwich) > 1e-4*w.SESandwich {
				t.Errorf("%s: %s sandwich SE %.6f, want %.6f", label, name, g.SESandwich, w.SESandwich)
			}
		}
	}
	if ll, ok := want.Extras["loglik"].(string); ok {
		var x float64
		json.Unmarshal([]byte(ll), &x)
		if math.Abs(r.LogLik-x) > 1e-6 {
			t.Errorf("%s: log-likelihood %.10f, want %s", label, r.LogLik, ll)
		}
	}
}

func TestTV1RoundRobinWithDraws(t *testing.T) {
	want := load(t, "TV1", "bt_mle")
	for _, file := range []string{"tv1_rr4_draws.csv", "tv1_rr4_draws.pgn", "tv1_rr4_draws_orders.txt"} {
		r, err := Fit(read(t, file), Options{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, "TV1 "+file, r, want, true)
		// LOS from the model covariance.
		pos := map[string]int{}
		for i, p := range r.Players {
			pos[p.Name] = i
		}
		for a, row := range want.LOS {
			for b, w := range row {
				if g := r.LOS[pos[a]][pos[b]]; math.Abs(g-w) > 1e-4 {
					t.Errorf("TV1 LOS %s>%s = %.6f, want %.6f", a, b, g, w)
				}
			}
		}
		// ±95% from the sandwich error, as the README states.
		for _, p := range r.Players {
			if p.Name == "Alpha" && math.Abs(p.CI95()-56.73) > 0.01 {
				t.Errorf("Alpha ±95%% = %.2f, want 56.73", p.CI95())
			}
		}
	}
}

func TestTV2CycleWithAndWithoutSeatAdvantage(t *testing.T) {
	games := read(t, "tv2_rr4_nodraws.csv")
	r, err := Fit(games, Options{})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "TV2", r, load(t, "TV2", "bt_mle"), true)
	r, err = Fit(games, Options{SeatAdvantage: true})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "TV2 seat advantage", r, load(t, "TV2", "bt_mle_white_adv"), false)
	// Seat 1's advantage over seat 0 is minus White's advantage.
	if adv := -r.SeatAdvantage[1]; math.Abs(adv-60.160341) > 1e-4 {
		t.Errorf("first-seat advantage %.6f, want 60.160341", adv)
	}
	// The orders file has no seats but the same games.
	r, _ = Fit(read(t, "tv2_rr4_nodraws_orders.txt"), Options{})
	check(t, "TV2 orders", r, load(t, "TV2", "bt_mle"), false)
}

func TestTV3PlackettLuce(t *testing.T) {
	r, err := Fit(read(t, "tv3_multi.txt"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "TV3", r, load(t, "TV3", "pl_mle"), true)
	// Broken into pairs it gives different, overconfident numbers.
	r, _ = Fit(read(t, "tv3_multi_pairs.csv"), Options{})
	check(t, "TV3 pairs", r, load(t, "TV3", "pairwise_bt"), false)
}

func TestTV3TPlackettLuceWithTies(t *testing.T) {
	r, err := Fit(read(t, "tv3t_multi_ties.txt"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "TV3T", r, load(t, "TV3T", "pl_mle_fractional_ties"), true)
}

func TestTV4PerfectScoreIsDetected(t *testing.T) {
	games := read(t, "tv4_perfect.csv")
	_, err := Fit(games, Options{Prior: 0})
	if err == nil || !strings.Contains(err.Error(), "Echo won every game") {
		t.Fatalf("with no prior: %v, want the perfect score named", err)
	}
	r, err := Fit(games, Options{Prior: -1})
	if err != nil {
		t.Fatal(err)
	}
	echo := byName(r)["Echo"]
	if echo.Flag == "" || r.Players[0].Name != "Echo" || r.PriorUsed == 0 {
		t.Fatalf("Echo %+v: want a flagged estimate on top, from the weak prior", echo)
	}
	if echo.Elo > 1000 || math.IsInf(echo.Elo, 0) || math.IsNaN(echo.Elo) {
		t.Fatalf("Echo's estimate %.1f is a silent huge number", echo.Elo)
	}
	for _, p := range r.Players {
		if p.Name != "Echo" && p.Flag != "" {
			t.Errorf("%s is in the main field but flagged %q", p.Name, p.Flag)
		}
	}
	// One bot that lost everything is flagged the other way.
	var lost []Game
	for _, g := range games {
		h := Game{Players: g.Players, Places: []int{g.Places[1], g.Places[0]}}
		lost = append(lost, h)
	}
	r, _ = Fit(lost, Options{Prior: -1})
	if p := byName(r)["Echo"]; !strings.Contains(p.Flag, "lost every game") || r.Players[len(r.Players)-1].Name != "Echo" {
		t.Fatalf("reversed results: Echo %+v", p)
	}
}

func shuffled(games []Game, seed uint64) []Game {
	out := append([]Game(nil), games...)
	rng := rand.New(rand.NewPCG(seed, 1))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func TestPropertyGameOrderDoesNotMatter(t *testing.T) {
	games := read(t, "tv3t_multi_ties.txt")
	a, _ := Fit(games, Options{})
	b, _ := Fit(shuffled(games, 3), Options{})
	for name, p := range byName(a) {
		q := byName(b)[name]
		if math.Abs(p.Elo-q.Elo) > 1e-8 || math.Abs(p.SESandwich-q.SESandwich) > 1e-8 {
			t.Fatalf("%s: %.9f±%.9f in order, %.9f±%.9f shuffled", name, p.Elo, p.SESandwich, q.Elo, q.SESandwich)
		}
	}
}

func TestPropertyRelabellingRelabelsRatings(t *testing.T) {
	games := read(t, "tv3_multi.txt")
	rename := map[string]string{"A": "F", "B": "E", "C": "D", "D": "C", "E": "B", "F": "A"}
	var renamed []Game
	for _, g := range games {
		h := Game{Places: g.Places}
		for _, p := range g.Players {
			h.Players = append(h.Players, rename[p])
		}
		renamed = append(renamed, h)
	}
	a, _ := Fit(games, Options{})
	b, _ := Fit(renamed, Options{})
	for name, p := range byName(a) {
		if q := byName(b)[rename[name]]; math.Abs(p.Elo-q.Elo) > 1e-8 {
			t.Fatalf("%s %.9f, renamed %.9f", name, p.Elo, q.Elo)
		}
	}
}

func TestPropertySymmetricDataGivesEqualRatings(t *testing.T) {
	var games []Game
	for _, order := range [][]string{{"A", "B", "C"}, {"B", "C", "A"}, {"C", "A", "B"}, {"A", "C", "B"}, {"C", "B", "A"}, {"B", "A", "C"}} {
		games = append(games, Game{Players: order, Places: []int{1, 2, 3}})
	}
	r, _ := Fit(games, Options{})
	for _, p := range r.Players {
		if math.Abs(p.Elo) > 1e-9 {
			t.Fatalf("%s rated %.12f in a symmetric field", p.Name, p.Elo)
		}
	}
}

func TestPropertyDuplicatingGamesShrinksErrorsByRootTwo(t *testing.T) {
	games := read(t, "tv1_rr4_draws.csv")
	a, _ := Fit(games, Options{})
	b, _ := Fit(append(append([]Game(nil), games...), games...), Options{})
	for name, p := range byName(a) {
		q := byName(b)[name]
		if math.Abs(p.Elo-q.Elo) > 1e-8 {
			t.Fatalf("%s: %.9f, duplicated %.9f", name, p.Elo, q.Elo)
		}
		if math.Abs(p.SEModel/q.SEModel-math.Sqrt2) > 1e-6 || math.Abs(p.SESandwich/q.SESandwich-math.Sqrt2) > 1e-6 {
			t.Fatalf("%s: SEs %.6f/%.6f then %.6f/%.6f, want a ratio of √2", name, p.SEModel, p.SESandwich, q.SEModel, q.SESandwich)
		}
	}
}

func TestPropertyZeroGradientAtTheOptimum(t *testing.T) {
	for _, file := range []string{"tv1_rr4_draws.csv", "tv3t_multi_ties.txt"} {
		games := read(t, file)
		r, _ := Fit(games, Options{})
		// Rebuild θ from the reported ratings and evaluate the gradient.
		f, theta := refit(t, games, r)
		_, grad, _ := f.eval(theta, false)
		for i, g := range grad {
			if math.Abs(g) > 1e-8 {
				t.Fatalf("%s: gradient %g at parameter %d", file, g, i)
			}
		}
	}
}

// refit prepares games the way Fit does and returns θ for r's ratings.
func refit(t *testing.T, games []Game, r *Result) (*fitter, []float64) {
	t.Helper()
	pr, err := prepare(games)
	if err != nil {
		t.Fatal(err)
	}
	theta := make([]float64, len(pr.names))
	for _, p := range r.Players {
		theta[pr.index[p.Name]] = p.Elo / EloPerNat
	}
	return &fitter{prep: pr.prep, n: len(pr.names)}, theta
}

func TestAnchorPinsAPlayer(t *testing.T) {
	games := read(t, "tv1_rr4_draws.csv")
	c, _ := Fit(games, Options{})
	a, err := Fit(games, Options{Anchor: "Delta", AnchorElo: 1500})
	if err != nil {
		t.Fatal(err)
	}
	ca, aa := byName(c), byName(a)
	if aa["Delta"].Elo != 1500 || aa["Delta"].SEModel > 1e-9 {
		t.Fatalf("anchor %+v", aa["Delta"])
	}
	if d := aa["Alpha"].Elo - 1500 - (ca["Alpha"].Elo - ca["Delta"].Elo); math.Abs(d) > 1e-8 {
		t.Fatalf("anchoring moved the differences by %g", d)
	}
	if _, err := Fit(games, Options{Anchor: "Zulu"}); err == nil {
		t.Fatal("an unknown anchor was accepted")
	}
}

func TestBadInputSaysWhere(t *testing.T) {
	_, err := ReadOrders(strings.NewReader("A B\nlonely\n"), "x.txt")
	if err == nil || !strings.Contains(err.Error(), "x.txt:2") {
		t.Fatalf("%v", err)
	}
	_, err = ReadCSV(strings.NewReader("white,black,white_score\nA,B,2\n"), "y.csv")
	if err == nil || !strings.Contains(err.Error(), "y.csv:2") {
		t.Fatalf("%v", err)
	}
}
