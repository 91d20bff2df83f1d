package referee

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Seat numbers the players at a table, 0..n-1, in turn order.
type Seat int

// NoSeat is returned by Game.ToAct when the game is over, and asks View and
// the event log for the public (spectator) point of view.
const NoSeat Seat = -1

func (s Seat) String() string {
	if s == NoSeat {
		return "nobody"
	}
	return fmt.Sprintf("seat %d", int(s))
}

// Move is a decision made by a player. It mirrors the wire form: small JSON
// objects such as {"card":"QS"} or {"action":"play","card":"8S","suit":"H"}.
// Fields are kept as strings so that an engine can explain exactly what is
// wrong with a bad value ("QX is not a card") instead of failing to decode.
type Move struct {
	Action string   `json:"action,omitempty"`
	Card   string   `json:"card,omitempty"`
	Cards  []string `json:"cards,omitempty"`
	Suit   string   `json:"suit,omitempty"`
	Rank   string   `json:"rank,omitempty"`
	Ranks  []string `json:"ranks,omitempty"`
}

// Event is something that happened in a game, as one seat (or the public, or
// the record) sees it. Each engine defines its own JSON-encodable event
// types; every one carries a "type" field on the wire.
type Event any

// Legal is what a seat may do now, in the form sent on the wire. Where the
// moves can be listed, Moves lists every one of them. Where they cannot (too
// many combinations), Choice describes them and Moves is empty.
type Legal struct {
	Moves  []Move `json:"moves,omitempty"`
	Choice any    `json:"choice,omitempty"`
}

// Rules describes a game and creates games of it.
type Rules interface {
	Name() string
	Players() (min, max int)
	// Options lists every option of the game with its default.
	Options() []OptionSpec
	// New validates opts (see ResolveOptions) and deals a new game.
	New(players int, opts Options, rng *rand.Rand) (Game, error)
}

// Game is one game in progress: for card games, a whole match (several
// rounds or hands) from the first deal to the final result.
type Game interface {
	// ToAct is the seat that must move now; NoSeat when the game is over.
	ToAct() Seat
	// Legal says what s may do now. It is empty when s is not to act.
	Legal(s Seat) Legal
	// Apply plays m for s. It is all-or-nothing: on error the game is
	// unchanged, and the error wraps ErrIllegalMove with a reason a human
	// can act on.
	Apply(s Seat, m Move) error
	// View is everything s may know now, JSON-encodable. View(NoSeat) is
	// the public view.
	View(s Seat) any
	// Log is the authoritative event log; each seat's events are read from
	// it through EventLog.For, redacted for that seat.
	Log() *EventLog
	// Result is the final result, and whether the game is over.
	Result() (Result, bool)
	// Options are the resolved options the game runs with, defaults filled.
	Options() Options
}

// Secrets is implemented by every engine so that the conformance suite can
// prove that no view or event shows a seat a card it may not know.
type Secrets interface {
	// Hidden lists the cards whose identity s cannot know now: the other
	// hands, the stock, face-down cards. A card that s can see a copy of is
	// left out.
	Hidden(s Seat) []string
}

// Sides is implemented by games with partnerships: it gives each seat's
// side. Games without it have one side per seat.
type Sides interface {
	Sides() []int
}

// RandomMover is implemented by games whose legal moves are not listed, so
// that a fallback player can still choose a random legal move; RandomMove
// prefers it to the listed moves.
type RandomMover interface {
	RandomMove(s Seat, rng *rand.Rand) Move
}

// RandomMove returns a random legal move for s: from the listed moves, or
// from the game's own sampler when the moves are only described.
func RandomMove(g Game, s Seat, rng *rand.Rand) (Move, error) {
	if rm, ok := g.(RandomMover); ok {
		return rm.RandomMove(s, rng), nil
	}
	l := g.Legal(s)
	if len(l.Moves) > 0 {
		return l.Moves[rng.IntN(len(l.Moves))], nil
	}
	return Move{}, fmt.Errorf("%w: no legal move listed for %v", ErrEngine, s)
}

// SideOf returns the side of seat s in g (the seat itself without
// partnerships).
func SideOf(g Game, s Seat) int {
	if sd, ok := g.(Sides); ok {
		return sd.Sides()[s]
	}
	return int(s)
}

var (
	// ErrIllegalMove is wrapped by every error that rejects a move.
	ErrIllegalMove = errors.New("illegal move")
	// ErrBadOptions is wrapped by every error about game options.
	ErrBadOptions = errors.New("bad game options")
	// ErrEngine marks a bug in a rules engine, never a bot's fault.
	ErrEngine = errors.New("rules engine error")
)

// Illegal builds an error that wraps ErrIllegalMove.
func Illegal(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegalMove, fmt.Sprintf(format, args...))
}

// Narrator is implemented by a game's Rules to turn its events into lines a
// person reads, for transcripts. The event is in its JSON form so that a
// live game and a recorded one read the same. An empty string skips it.
type Narrator interface {
	Narrate(ev []byte, names []string) string
}

// CheckTurn is the check every engine makes before a move: the game is not
// over, s is at the table, and it is s's turn.
func CheckTurn(over bool, players int, toAct int, s Seat) error {
	switch {
	case over:
		return Illegal("the game is over")
	case s < 0 || int(s) >= players:
		return Illegal("%v is not at this table", s)
	case int(s) != toAct:
		return Illegal("it is seat %d's turn, not seat %d's", toAct, s)
	}
	return nil
}

// SeatName is a seat's name in a transcript: the bot's name, or "seat N".
func SeatName(names []string, s int) string {
	if s >= 0 && s < len(names) {
		return names[s]
	}
	return fmt.Sprintf("seat %d", s)
}
