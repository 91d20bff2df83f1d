package verish

import (
	"testing"

	"cardref/referee/gametest"
)

// FuzzMove throws arbitrary moves at games in progress: the engine must
// accept them or refuse them as illegal, and never panic or corrupt.
func FuzzMove(f *testing.F) {
	gametest.FuzzMoves(f, Rules{}, 3)
}
