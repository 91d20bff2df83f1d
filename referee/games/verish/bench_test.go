package verish

import (
	"testing"

	"cardref/referee"
	"cardref/referee/cards"
)

// BenchmarkEngine plays whole games with random legal moves straight on the
// engine, and reports moves per second.
func BenchmarkEngine(b *testing.B) {
	for _, players := range []int{2, 4, 6} {
		b.Run(map[int]string{2: "2p", 4: "4p", 6: "6p"}[players], func(b *testing.B) {
			rng := cards.NewRand(99)
			moves := 0
			for i := 0; i < b.N; i++ {
				g, err := Rules{}.New(players, nil, cards.NewRand(uint64(i)))
				if err != nil {
					b.Fatal(err)
				}
				for s := g.ToAct(); s != referee.NoSeat; s = g.ToAct() {
					m, _ := referee.RandomMove(g, s, rng)
					if err := g.Apply(s, m); err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
