package verish

import (
	"testing"

	"cardref/referee/gametest"
)

// BenchmarkEngine plays whole games with random legal moves straight on the
// engine, and reports moves per second.
func BenchmarkEngine(b *testing.B) { gametest.BenchmarkRandomPlay(b, Rules{}, 2, 4, 6) }
