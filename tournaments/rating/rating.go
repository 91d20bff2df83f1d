// Package rating fits Elo ratings to game results with one model for every
// game: Plackett–Luce maximum likelihood on the Elo scale. A two-player game
// reduces to Bradley–Terry; a tie averages the likelihood over every way of
// breaking it, so a two-player draw counts one half. All games are fitted at
// once, so the order of the games does not matter.
//
// Error bars come in two kinds: the model (Fisher information) standard
// error, and the sandwich standard error clustered by deal, which stays
// honest when deals are played in duplicate or at multiplayer tables. A bot
// that won or lost everything has no finite rating: it is detected and
// flagged, and its estimate comes from a weak prior, never a silent huge
// number.
package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// EloPerNat converts the model's natural scale to Elo points.
var EloPerNat = 400 / math.Ln10

// Game is one result: the players in seat order and each one's place (1 is
// best; equal places are a tie). Cluster groups games that share a deal;
// games with an empty cluster are each their own.
type Game struct {
	Players []string
	Places  []int
	Cluster string
}

// Options tune the fit.
type Options struct {
	// Anchor, if set, pins this player's rating to AnchorElo instead of
	// centring the ratings on 0.
	Anchor    string
	AnchorElo float64
	// SeatAdvantage fits one extra parameter per seat after the first.
	SeatAdvantage bool
	// Prior is the number of virtual draws each player gets against a
	// 0-rated opponent. 0 means none, and then a bot that won or lost
	// everything is an error; a negative value means "only when needed"
	// (the default), one virtual draw.
	Prior float64
}

// Player is one player's rating.
type Player struct {
	Name       string  `json:"name"`
	Elo        float64 `json:"elo"`
	SEModel    float64 `json:"se_model"`
	SESandwich float64 `json:"se_sandwich"`
	Games      int     `json:"games"`
	// Score is the average number of opponents beaten per game, a tie
	// counting one half.
	Score float64 `json:"score"`
	// Flag says when the rating is not a finite maximum-likelihood
	// estimate: "won every game" or "lost every game" (against the players
	// it met), in which case Elo comes from the weak prior.
	Flag string `json:"flag,omitempty"`
}

// CI95 is the half-width of the 95% interval from the sandwich error.
func (p Player) CI95() float64 { return 1.959963984540054 * p.SESandwich }

// Result is a fit.
type Result struct {
	Players []Player `json:"players"` // best first
	// LOS[i][j] is the likelihood that Players[i] is stronger than
	// Players[j], from the model covariance.
	LOS [][]float64 `json:"los"`
	// SeatAdvantage[s] is seat s's advantage over seat 0 in Elo, when fitted.
	SeatAdvantage []float64 `json:"seat_advantage,omitempty"`
	LogLik        float64   `json:"loglik"`
	Games         int       `json:"games"`
	Clusters      int       `json:"clusters"`
	PriorUsed     float64   `json:"prior_used"`
	Iterations    int       `json:"iterations"`
}

// ErrNoFiniteMLE is returned with Prior 0 when some player won or lost
// everything.
var ErrNoFiniteMLE = errors.New("no finite maximum-likelihood ratings")

// unit is a player at a seat in one game.
type unit struct{ player, seat int }

// lse is a weighted log-sum-exp term over a set of units.
type lse struct {
	units  []int // indices into the game's units
	weight float64
}

type prepared struct {
	units   []unit
	place   []int     // per unit
	linear  []float64 // per unit
	terms   []lse
	cluster int
}

// problem is a set of games made ready to fit.
type problem struct {
	prep     []prepared
	names    []string
	index    map[string]int
	clusters int
	maxSeats int
}

// prepare turns games into log-likelihood terms.
func prepare(games []Game) (*problem, error) {
	if len(games) == 0 {
		return nil, errors.New("no games to rate")
	}
	index := map[string]int{}
	var names []string
	clusterIndex := map[string]int{}
	maxSeats := 0
	var prep []prepared
	for gi, g := range games {
		if len(g.Players) != len(g.Places) || len(g.Players) < 2 {
			return nil, fmt.Errorf("game %d: %d players and %d places; a game needs 2 or more players, each with a place", gi+1, len(g.Players), len(g.Places))
		}
		seen := map[string]bool{}
		p := prepared{}
		for s, name := range g.Players {
			if seen[name] {
				return nil, fmt.Errorf("game %d: %s plays twice", gi+1, name)
			}
			seen[name] = true
			if _, ok := index[name]; !ok {
				index[name] = len(names)
				names = append(names, name)
			}
			p.units = append(p.units, unit{index[name], s})
		}
		p.place = append([]int(nil), g.Places...)
		maxSeats = max(maxSeats, len(g.Players))
		key := g.Cluster
		if key == "" {
			key = fmt.Sprintf("\x00game%d", gi)
		}
		if _, ok := clusterIndex[key]; !ok {
			clusterIndex[key] = len(clusterIndex)
		}
		p.cluster = clusterIndex[key]
		p.linear = make([]float64, len(p.units))
		// Groups by place, best first.
		order := make([]int, len(g.Places))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return g.Places[order[a]] < g.Places[order[b]] })
		remaining := map[int]bool{}
		for i := range p.units {
			remaining[i] = true
		}
		for start := 0; start < len(order); {
			end := start
			for end < len(order) && g.Places[order[end]] == g.Places[order[start]] {
				end++
			}
			group := order[start:end]
			if len(group) > 16 {
				return nil, fmt.Errorf("game %d: a tie of %d players is more than this rater handles (16)", gi+1, len(group))
			}
			for _, u := range group {
				p.linear[u]++
			}
			// Σ_{t=0}^{|G|-1} mean over subsets S of G of size t of
			// log(W_R − W_S).
			k := len(group)
			count := make([]int, k+1)
			for mask := 0; mask < 1<<k; mask++ {
				count[popcount(mask)]++
			}
			for mask := 0; mask < 1<<k; mask++ {
				t := popcount(mask)
				if t == k {
					continue
				}
				var set []int
				for u := range remaining {
					inS := false
					for bi, gu := range group {
						if gu == u && mask&(1<<bi) != 0 {
							inS = true
						}
					}
					if !inS {
						set = append(set, u)
					}
				}
				sort.Ints(set)
				p.terms = append(p.terms, lse{units: set, weight: 1 / float64(count[t])})
			}
			for _, u := range group {
				delete(remaining, u)
			}
			start = end
		}
		prep = append(prep, p)
	}
	return &problem{prep: prep, names: names, index: index, clusters: len(clusterIndex), maxSeats: maxSeats}, nil
}

// Fit rates the players of games.
func Fit(games []Game, opt Options) (*Result, error) {
	pr, err := prepare(games)
	if err != nil {
		return nil, err
	}
	prep, names, index, maxSeats := pr.prep, pr.names, pr.index, pr.maxSeats
	n := len(names)
	nSeat := 0
	if opt.SeatAdvantage {
		nSeat = maxSeats - 1
	}
	anchor := -1
	if opt.Anchor != "" {
		a, ok := index[opt.Anchor]
		if !ok {
			return nil, fmt.Errorf("the anchor %q played no game", opt.Anchor)
		}
		anchor = a
	}

	flags := detectPerfect(prep, n)
	prior := 0.0
	switch {
	case opt.Prior > 0:
		prior = opt.Prior
	case opt.Prior < 0 && len(flags) > 0:
		prior = 1
	case opt.Prior == 0 && len(flags) > 0:
		var who []string
		for i, f := range flags {
			who = append(who, names[i]+" "+f)
		}
		sort.Strings(who)
		return nil, fmt.Errorf("%w: %v (use a prior to get flagged estimates)", ErrNoFiniteMLE, who)
	}
	// A prior of zero but a legitimately disconnected field still needs
	// one; Options.Prior < 0 is the caller's "as needed".
	f := &fitter{prep: prep, n: n, nSeat: nSeat, prior: prior}
	theta, iters, err := f.maximise()
	if err != nil {
		return nil, err
	}
	ll, _, info := f.eval(theta, true)
	cov := centre(pinv(info, n, prior > 0), n)
	// Sandwich: clustered scores.
	meat := make([][]float64, len(theta))
	for i := range meat {
		meat[i] = make([]float64, len(theta))
	}
	scores := make([][]float64, pr.clusters)
	for ci := range scores {
		scores[ci] = make([]float64, len(theta))
	}
	for _, p := range prep {
		f.addGame(p, theta, scores[p.cluster], nil)
	}
	for _, sc := range scores {
		for i := range sc {
			for j := range sc {
				meat[i][j] += sc[i] * sc[j]
			}
		}
	}
	sand := centre(mul(mul(cov, meat), cov), n)

	// Centre (or anchor) the ratings; transform the covariances alike.
	shift := 0.0
	if anchor >= 0 {
		shift = theta[anchor] - opt.AnchorElo/EloPerNat
	} else {
		for i := range n {
			shift += theta[i]
		}
		shift /= float64(n)
	}
	transform := func(c [][]float64) [][]float64 {
		if anchor < 0 {
			return c // the pseudo-inverse is already for centred ratings
		}
		out := make([][]float64, n)
		for i := range n {
			out[i] = make([]float64, n)
			for j := range n {
				out[i][j] = c[i][j] - c[i][anchor] - c[anchor][j] + c[anchor][anchor]
			}
		}
		return out
	}
	cm, cs := transform(cov), transform(sand)
	res := &Result{LogLik: ll, Games: len(games), Clusters: pr.clusters, PriorUsed: prior, Iterations: iters}
	games1, score := make([]int, n), make([]float64, n)
	for _, g := range games {
		for s, name := range g.Players {
			i := index[name]
			games1[i]++
			for t := range g.Players {
				switch {
				case t == s:
				case g.Places[s] < g.Places[t]:
					score[i]++
				case g.Places[s] == g.Places[t]:
					score[i] += 0.5
				}
			}
		}
	}
	for i, name := range names {
		res.Players = append(res.Players, Player{Name: name, Elo: (theta[i] - shift) * EloPerNat,
			SEModel: math.Sqrt(math.Max(cm[i][i], 0)) * EloPerNat, SESandwich: math.Sqrt(math.Max(cs[i][i], 0)) * EloPerNat,
			Games: games1[i], Score: score[i] / float64(games1[i]), Flag: flags[i]})
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	sort.SliceStable(perm, func(a, b int) bool { return res.Players[perm[a]].Elo > res.Players[perm[b]].Elo })
	sorted := make([]Player, n)
	for k, i := range perm {
		sorted[k] = res.Players[i]
	}
	res.Players = sorted
	res.LOS = make([][]float64, n)
	for a, i := range perm {
		res.LOS[a] = make([]float64, n)
		for b, j := range perm {
			if i == j {
				continue
			}
			v := cm[i][i] + cm[j][j] - 2*cm[i][j]
			d := theta[i] - theta[j]
			if v <= 0 {
				res.LOS[a][b] = 0.5 + 0.5*sign(d)
				continue
			}
			res.LOS[a][b] = phi(d / math.Sqrt(v))
		}
	}
	if nSeat > 0 {
		res.SeatAdvantage = make([]float64, nSeat+1)
		for s := 1; s <= nSeat; s++ {
			res.SeatAdvantage[s] = theta[n+s-1] * EloPerNat
		}
	}
	return res, nil
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func phi(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// detectPerfect finds the players whose rating has no finite MLE: the
// "finished ahead of or tied with" graph must be strongly connected. Each
// player outside the component structure is flagged by whether it can only
// beat (a source component) or only lose to (a sink) the others.
func detectPerfect(prep []prepared, n int) map[int]string {
	ahead := make([]map[int]bool, n)
	for i := range ahead {
		ahead[i] = map[int]bool{}
	}
	for _, p := range prep {
		for a := range p.units {
			for b := range p.units {
				if a != b && p.place[a] <= p.place[b] {
					// a finished ahead of or tied with b.
					ahead[p.units[a].player][p.units[b].player] = true
				}
			}
		}
	}
	comp := scc(ahead, n)
	k := 0
	for _, c := range comp {
		k = max(k, c+1)
	}
	if k <= 1 {
		return map[int]string{}
	}
	in, out := make([]bool, k), make([]bool, k)
	for i := range n {
		for j := range ahead[i] {
			if comp[i] != comp[j] {
				out[comp[i]] = true
				in[comp[j]] = true
			}
		}
	}
	// The largest component is the field; every other one is flagged.
	size := make([]int, k)
	for i := range n {
		size[comp[i]]++
	}
	field := 0
	for c := range k {
		if size[c] > size[field] {
			field = c
		}
	}
	flags := map[int]string{}
	for i := range n {
		c := comp[i]
		switch {
		case c == field && size[c]*2 > n:
		case !in[c] && out[c]:
			flags[i] = "won every game against the rest of the field"
		case in[c] && !out[c]:
			flags[i] = "lost every game against the rest of the field"
		case in[c] && out[c]:
			flags[i] = "ranked between players with no finite rating"
		default:
			flags[i] = "played nobody connected to the rest"
		}
	}
	return flags
}

// scc labels the strongly connected components (Tarjan).
func scc(adj []map[int]bool, n int) []int {
	index, low, comp := make([]int, n), make([]int, n), make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	var stack []int
	next, label := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for w := range adj[v] {
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				comp[w] = label
				if w == v {
					break
				}
			}
			label++
		}
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	return comp
}
