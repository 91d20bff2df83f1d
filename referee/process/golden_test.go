package process

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"cardref/referee"
	"cardref/referee/games/crazyeights"
	"cardref/referee/games/verish"
	"cardref/referee/games/xeri"
	"cardref/referee/match"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts under protocol/testdata")

// TestGoldenTranscripts pins the wire format: short games of each game
// between built-in bots, run as processes, must exchange exactly the lines
// in protocol/testdata. Run with -update to rewrite them after a deliberate
// protocol change (and update protocol/README.md in the same commit).
func TestGoldenTranscripts(t *testing.T) {
	for _, tc := range []struct {
		file    string
		rules   referee.Rules
		players int
		seed    uint64
		opts    referee.Options
		has     []string // what the exchange must show
		bots    []string // built-in bots by seat; random by default
	}{
		{"xeri-2p-one-round", xeri.Rules{}, 2, 1, referee.Options{"match_mode": "rounds", "num_rounds": "1", "first_dealer": "1"},
			[]string{`"captured":`, `"type":"leftovers"`, `"type":"round_end"`}, nil},
		// A short stock (15 cards each) so that one hand shows draws, an 8
		// with a named suit, passes on an empty stock and the end of a hand.
		{"crazyeights-3p-one-hand", crazyeights.Rules{}, 3, 10, referee.Options{"hand_size": "15", "target": "1", "first_dealer": "2"},
			[]string{`"action":"draw"`, `"type":"draw","seat":0,"card":`, `"type":"draw","seat":1,"stock"`, `"suit":"`,
				`"type":"pass","seat":0,"stock_empty":true`, `"type":"hand_end"`}, nil},
		// Verish: a lie caught, a failed challenge, pickups and a discard of
		// four of a kind by seat 0.
		{"verish-3p", verish.Rules{}, 3, 73, referee.Options{},
			[]string{`"choice":{"actions":["lead"]`, `"choice":{"actions":["follow","challenge"]`, `"truthful":false`, `"truthful":true`,
				`"type":"pickup","seat":0,"count":`, `"choice":{"actions":["discard"]`, `"type":"quads","seat":0`}, []string{"honest", "counter", "random"}},
	} {
		wires := make([]*bytes.Buffer, tc.players)
		players := make([]match.Player, tc.players)
		names := make([]string, tc.players)
		for s := range players {
			bot := "random"
			if tc.bots != nil {
				bot = tc.bots[s]
			}
			spec, _ := fakeSpec(t, "builtin:"+bot)
			wires[s] = &bytes.Buffer{}
			spec.Name, spec.Wire, spec.MoveLimit = bot, wires[s], time.Second
			players[s] = &Player{Spec: spec}
			names[s] = fmt.Sprintf("%s#%d", bot, s+1)
		}
		rec, err := match.Play(context.Background(), match.Config{Rules: tc.rules, Options: tc.opts, Seed: tc.seed, MoveLimit: time.Second,
			Names: names}, players)
		for _, p := range players {
			p.(*Player).Close()
		}
		if err != nil || len(rec.Faults) > 0 {
			t.Fatalf("%v %+v", err, rec.Faults)
		}
		for _, want := range tc.has {
			if !bytes.Contains(wires[0].Bytes(), []byte(want)) {
				t.Errorf("%s: seat 0's exchange lacks %s", tc.file, want)
			}
		}
		for s, w := range wires {
			path := filepath.Join("..", "..", "protocol", "testdata", tc.file+fmt.Sprintf("-seat%d.txt", s))
			if *update {
				if err := os.WriteFile(path, w.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./referee/process -run Golden -update to create it)", err)
			}
			if !bytes.Equal(want, w.Bytes()) {
				t.Errorf("%s: the wire format changed; if that is deliberate, run with -update and update protocol/README.md.\ngot:\n%s", path, firstDiff(want, w.Bytes()))
			}
		}
	}
}

func firstDiff(a, b []byte) string {
	al, bl := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(al) && i < len(bl); i++ {
		if !bytes.Equal(al[i], bl[i]) {
			return fmt.Sprintf("line %d:\n want %s\n got  %s", i+1, al[i], bl[i])
		}
	}
	return "different lengths"
}
