package match

import (
	"bytes"
	"encoding/json"
	"fmt"

	"cardref/referee"
	"cardref/referee/cards"
)

// Replay re-plays a record from its seed and moves and reports every way in
// which the outcome differs from what the record says. No problems means
// the record reproduces.
func Replay(rec *Record, rules referee.Rules) ([]string, error) {
	if rec.Game != rules.Name() {
		return nil, fmt.Errorf("the record is a game of %s, not %s", rec.Game, rules.Name())
	}
	g, err := rules.New(rec.Players, rec.Options, cards.NewRand(rec.Seed))
	if err != nil {
		return nil, fmt.Errorf("the record's options: %w", err)
	}
	forfeited := make([]bool, rec.Players)
	mark := func(upTo int) {
		for _, f := range rec.Faults {
			if f.Strike == 0 && f.Move <= upTo && int(f.Seat) < len(forfeited) && f.Seat >= 0 {
				forfeited[f.Seat] = true
			}
		}
	}
	var problems []string
	for i, m := range rec.Moves {
		mark(i)
		if g.ToAct() != referee.Seat(m.Seat) {
			problems = append(problems, fmt.Sprintf("move %d: the record has seat %d moving, the rules say %v", i, m.Seat, g.ToAct()))
			return problems, nil
		}
		if err := g.Apply(referee.Seat(m.Seat), m.Move); err != nil {
			problems = append(problems, fmt.Sprintf("move %d: %v", i, err))
			return problems, nil
		}
	}
	mark(len(rec.Moves))
	res := settle(g, forfeited)

	var fresh []json.RawMessage
	for _, ev := range g.Log().Truth(0) {
		b, _ := json.Marshal(ev)
		fresh = append(fresh, b)
	}
	if len(fresh) != len(rec.Log) {
		problems = append(problems, fmt.Sprintf("the replay logs %d events, the record %d", len(fresh), len(rec.Log)))
	}
	for i := 0; i < len(fresh) && i < len(rec.Log); i++ {
		if !sameJSON(fresh[i], rec.Log[i]) {
			problems = append(problems, fmt.Sprintf("event %d differs: replay %s, record %s", i, fresh[i], rec.Log[i]))
			break
		}
	}
	a, _ := json.Marshal(res)
	b, _ := json.Marshal(rec.Result)
	if !sameJSON(a, b) {
		problems = append(problems, fmt.Sprintf("the result differs: replay %s, record %s", a, b))
	}
	return problems, nil
}

// sameJSON compares two JSON texts by value.
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	ca, _ := json.Marshal(x)
	cb, _ := json.Marshal(y)
	return bytes.Equal(ca, cb)
}
