package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"cardref/referee"
	"cardref/referee/match"
)

// transcript prints a game as it is played (or replayed).
type transcript struct {
	w        io.Writer
	names    []string
	narrator referee.Narrator
	quiet    bool
}

func (t *transcript) header(game string, seed uint64, names []string) {
	seats := make([]string, len(names))
	for i, n := range names {
		seats[i] = fmt.Sprintf("%s (seat %d)", n, i)
	}
	fmt.Fprintf(t.w, "%s · seed %d · %s\n", title(game), seed, strings.Join(seats, " v "))
}

// title is a game's name as people write it.
func title(game string) string {
	if t, ok := map[string]string{"xeri": "Xeri", "crazyeights": "Crazy Eights", "verish": "Verish"}[game]; ok {
		return t
	}
	return game
}

func (t *transcript) Event(ev referee.Event) {
	b, err := json.Marshal(ev)
	if err == nil {
		t.raw(b)
	}
}

func (t *transcript) raw(b []byte) {
	if t.quiet || t.narrator == nil {
		return
	}
	if line := t.narrator.Narrate(b, t.names); line != "" {
		fmt.Fprintln(t.w, line)
	}
}

func (t *transcript) Move(match.MoveRecord) {}

func (t *transcript) Fault(f referee.Fault) {
	fmt.Fprintf(t.w, "FAULT  %s (seat %d): %s — %s", t.name(int(f.Seat)), f.Seat, f.Kind, f.Reason)
	if f.Exit != "" {
		fmt.Fprintf(t.w, " [%s]", f.Exit)
	}
	fmt.Fprintln(t.w)
	if tail := strings.TrimSpace(f.Stderr); tail != "" {
		fmt.Fprintf(t.w, "       its stderr ends:\n")
		for _, l := range strings.Split(tail, "\n") {
			fmt.Fprintf(t.w, "       | %s\n", l)
		}
	}
}

func (t *transcript) name(s int) string {
	if s >= 0 && s < len(t.names) {
		return t.names[s]
	}
	return fmt.Sprintf("seat %d", s)
}

func (t *transcript) result(rec *match.Record) {
	r := rec.Result
	fmt.Fprintf(t.w, "\nResult (%s):\n", r.End)
	order := make([]int, len(r.Ranks))
	for i := range order {
		order[i] = i
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && r.Ranks[order[j]] < r.Ranks[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	width := 0
	for s := range order {
		width = max(width, len(t.name(s)))
	}
	for _, s := range order {
		fmt.Fprintf(t.w, "  %2d. %-*s  %g\n", r.Ranks[s], width, t.name(s), r.Scores[s])
	}
	if len(rec.Faults) > 0 {
		fmt.Fprintf(t.w, "Faults: %d (the game record has the details)\n", len(rec.Faults))
	}
	var ms float64
	bots := 0
	for _, m := range rec.Moves {
		if !m.Fallback {
			ms += m.Ms
			bots++
		}
	}
	if bots > 0 {
		fmt.Fprintf(t.w, "%d moves, %.2f ms per move on average, %.2fs in all\n", len(rec.Moves), ms/float64(bots), rec.Seconds)
	}
}
