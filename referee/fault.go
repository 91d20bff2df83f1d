package referee

import "fmt"

// FaultKind classifies what a bot did wrong.
type FaultKind string

// Fault kinds.
const (
	FaultTimeout   FaultKind = "timeout"   // no answer within the time limit
	FaultCrash     FaultKind = "crash"     // exited, was killed by a signal, or closed its output
	FaultMalformed FaultKind = "malformed" // not JSON, wrong message type, wrong id, line too long
	FaultIllegal   FaultKind = "illegal"   // a well-formed move the rules refuse
	FaultLimit     FaultKind = "limit"     // a resource limit (memory, CPU, output)
)

// Fault is a bot's misbehaviour, attributed to a seat, with a reason the
// bot's author can act on.
type Fault struct {
	Kind   FaultKind `json:"kind"`
	Seat   Seat      `json:"seat"`
	Bot    string    `json:"bot,omitempty"`
	Reason string    `json:"reason"`
	// Move is the index of the decision in the game (0-based) at which the
	// fault happened; -1 before the first decision (at start-up).
	Move int `json:"move"`
	// Exit is the exit status or signal when the process ended.
	Exit string `json:"exit,omitempty"`
	// Stderr is the tail of what the bot wrote to stderr.
	Stderr string `json:"stderr,omitempty"`
	// Strike, under the substitute policy, counts the bot's faults so far
	// when a random legal move was played for it instead of forfeiting; 0
	// means the fault forfeited the game.
	Strike int `json:"strike,omitempty"`
	// Recoverable says the bot is still able to play on (it timed out or
	// garbled an answer, but runs): the substitute policy may keep it.
	Recoverable bool `json:"-"`
}

func (f *Fault) Error() string {
	s := fmt.Sprintf("%s: %s", f.Kind, f.Reason)
	if f.Exit != "" {
		s += " (" + f.Exit + ")"
	}
	return s
}
