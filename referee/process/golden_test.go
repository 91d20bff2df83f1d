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
	"cardref/referee/games/xeri"
	"cardref/referee/match"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts under protocol/testdata")

// TestGoldenTranscripts pins the wire format: a short Xeri game between two
// built-in random bots, run as processes, must exchange exactly the lines in
// protocol/testdata. Run with -update to rewrite them after a deliberate
// protocol change (and update protocol/README.md in the same commit).
func TestGoldenTranscripts(t *testing.T) {
	for _, tc := range []struct {
		file string
		opts referee.Options
	}{
		{"xeri-2p-one-round", referee.Options{"match_mode": "rounds", "num_rounds": "1", "first_dealer": "1"}},
	} {
		wires := []*bytes.Buffer{{}, {}}
		players := make([]match.Player, 2)
		for s := range players {
			spec, _ := fakeSpec(t, "good")
			spec.Name, spec.Wire, spec.MoveLimit = "random", wires[s], time.Second
			players[s] = &Player{Spec: spec}
		}
		rec, err := match.Play(context.Background(), match.Config{Rules: xeri.Rules{}, Options: tc.opts, Seed: 1, MoveLimit: time.Second,
			Names: []string{"random", "random#2"}}, players)
		for _, p := range players {
			p.(*Player).Close()
		}
		if err != nil || len(rec.Faults) > 0 {
			t.Fatalf("%v %+v", err, rec.Faults)
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
