package process

import (
	"context"
	"time"

	"cardref/protocol"
	"cardref/referee"
)

// Player is a seat played by a bot process. The process is started at the
// first game and kept for the games that follow, so a session can carry
// several games; after a fault it is restarted for the next game.
type Player struct {
	Spec Spec
	bot  *Bot
}

// Start starts the process if it is not running (handshake included) and
// sends game_start.
func (p *Player) Start(ctx context.Context, gs *protocol.GameStart) error {
	if p.bot != nil && p.bot.Broken() != nil {
		p.bot.Kill()
		p.bot = nil
	}
	if p.bot == nil {
		hello := protocol.Hello{Type: protocol.TypeHello, Protocol: protocol.Version, Game: gs.Game, Options: gs.Options,
			Seat: gs.Seat, Players: gs.Players, Limits: protocol.Limits{StartupMs: p.startup().Milliseconds(), MoveMs: p.Spec.MoveLimit.Milliseconds(),
				TimeBankMs: p.Spec.TimeBank.Milliseconds()}}
		b, err := Start(ctx, p.Spec, hello)
		if err != nil {
			return err
		}
		p.bot = b
	}
	return p.bot.Send(gs)
}

func (p *Player) startup() time.Duration {
	if p.Spec.Startup > 0 {
		return p.Spec.Startup
	}
	return DefaultStartup
}

// Decide sends the request and waits for the move.
func (p *Player) Decide(ctx context.Context, req *protocol.Request, limit time.Duration) (referee.Move, error) {
	m, err := p.bot.Ask(ctx, req, limit)
	return referee.Move(m), err
}

// Tell sends an error notice, if the bot is still there to read it.
func (p *Player) Tell(e *protocol.Error) {
	if p.bot != nil && p.bot.Broken() == nil {
		_ = p.bot.send(e)
	}
}

// Finish sends game_over to a bot still in good standing.
func (p *Player) Finish(over *protocol.GameOver) {
	if p.bot != nil && p.bot.Broken() == nil {
		_ = p.bot.Send(over)
	}
}

// Close ends the session and stops the process.
func (p *Player) Close() {
	if p.bot != nil {
		p.bot.Close()
	}
}

// Bot is the running process, if any (for tests and reports).
func (p *Player) Bot() *Bot { return p.bot }
