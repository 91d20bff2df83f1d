package match

import (
	"context"
	"fmt"
	"time"

	"cardref/bots"
	"cardref/protocol"
	"cardref/referee"
)

// Local is an in-process player built from a Go bot. It has no time limit:
// it is the referee's own code.
type Local struct {
	Make bots.Maker
	bot  bots.Bot
}

// Start makes the bot for this game.
func (l *Local) Start(_ context.Context, gs *protocol.GameStart) error {
	b, err := l.Make(gs)
	if err != nil {
		return &referee.Fault{Kind: referee.FaultCrash, Reason: err.Error()}
	}
	l.bot = b
	return nil
}

// Decide asks the bot. A panic in the bot is its crash, not the referee's.
func (l *Local) Decide(_ context.Context, req *protocol.Request, _ time.Duration) (m referee.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &referee.Fault{Kind: referee.FaultCrash, Reason: fmt.Sprintf("the bot panicked: %v", p)}
		}
	}()
	pm, err := l.bot.Move(req)
	if err != nil {
		return referee.Move{}, &referee.Fault{Kind: referee.FaultCrash, Reason: err.Error()}
	}
	return referee.Move(pm), nil
}

// Tell does nothing: the Go bots need no notices.
func (l *Local) Tell(*protocol.Error) {}

// Finish drops the bot.
func (l *Local) Finish(*protocol.GameOver) { l.bot = nil }
