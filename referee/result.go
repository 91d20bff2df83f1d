package referee

import "sort"

// How a game ended.
const (
	EndNormal    = "normal"    // played to the end under the rules
	EndTruncated = "truncated" // a safeguard cap was reached; settled by the fallback ranking
	EndForfeit   = "forfeit"   // a bot faulted and forfeited
	EndDraw      = "draw"      // the rules ended it without a winner
)

// Result is the outcome of a game: a score and a rank per seat (1 = best,
// ties share a rank), how it ended, and a game-specific breakdown.
type Result struct {
	Scores []float64 `json:"scores"`
	Ranks  []int     `json:"ranks"`
	End    string    `json:"end"`
	// Forfeited lists the seats that forfeited, if any.
	Forfeited []Seat `json:"forfeited,omitempty"`
	Detail    any    `json:"detail,omitempty"`
}

// Winners lists the seats ranked first.
func (r Result) Winners() []Seat {
	var w []Seat
	for i, rk := range r.Ranks {
		if rk == 1 {
			w = append(w, Seat(i))
		}
	}
	return w
}

// RankBy ranks seats by key, best first: better(a, b) reports whether a
// beats b, and equal keys share a rank (competition ranking: 1, 1, 3).
func RankBy(n int, better func(a, b int) bool) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return better(idx[i], idx[j]) })
	ranks := make([]int, n)
	for pos, s := range idx {
		if pos > 0 && !better(idx[pos-1], s) {
			ranks[s] = ranks[idx[pos-1]]
		} else {
			ranks[s] = pos + 1
		}
	}
	return ranks
}
