// Package match plays one game between players and records it, so that it
// can be replayed and verified. The runner never knows whether a player is a
// process or in-process code: whole matches run in tests in microseconds.
package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"cardref/protocol"
	"cardref/referee"
	"cardref/referee/cards"
)

// Player is one seat's decision maker.
type Player interface {
	// Start tells the player that a game begins. An error (a *referee.Fault
	// for a bot's misbehaviour) means it cannot play.
	Start(ctx context.Context, gs *protocol.GameStart) error
	// Decide asks for a move within limit (0: no limit).
	Decide(ctx context.Context, req *protocol.Request, limit time.Duration) (referee.Move, error)
	// Tell passes a notice to the player without waiting for an answer.
	Tell(msg *protocol.Error)
	// Finish tells the player that the game is over.
	Finish(over *protocol.GameOver)
}

// Observer follows a game as it is played, for transcripts and progress.
type Observer interface {
	Event(ev referee.Event) // every event of the truth log, in order
	Move(m MoveRecord)      // every move, with its time
	Fault(f referee.Fault)  // every fault
}

// Config describes one game to play.
type Config struct {
	Rules   referee.Rules
	Options referee.Options
	Seed    uint64
	GameID  string   // default: "<game>-<seed>"
	Names   []string // one per seat
	Bots    []BotInfo
	// MoveLimit is the time a player has for each decision (0: none).
	MoveLimit time.Duration
	Observer  Observer
	// Reveal sends every player the whole game, deck orders and hidden
	// cards included, in game_over: for bots that learn.
	Reveal bool
	// TimeBank is extra time each seat may draw on over the game when a
	// move takes longer than MoveLimit.
	TimeBank time.Duration
	// Substitute, when above 0, is the substitute policy: an illegal move,
	// or a fault the bot can play on after (a timeout or a garbled answer
	// from a bot run leniently), is replaced by a random legal move and
	// counted as a strike, and the Substitute-th strike forfeits. A crash
	// always forfeits. 0 is the forfeit policy.
	Substitute int
}

// Format names the record format.
const Format = "cardref-record/1"

// BotInfo says who sat where.
type BotInfo struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Builtin string `json:"builtin,omitempty"`
	Command string `json:"command,omitempty"`
}

// MoveRecord is one decision: who, what, how long it took, and whether the
// fallback player made it for a seat that had forfeited.
type MoveRecord struct {
	N          int          `json:"n"`
	Seat       int          `json:"seat"`
	Move       referee.Move `json:"move"`
	Ms         float64      `json:"ms"`
	Fallback   bool         `json:"fallback,omitempty"`   // played for a seat that forfeited
	Substitute bool         `json:"substitute,omitempty"` // played in place of an illegal move
}

// Record is everything needed to replay a game, and for anyone to verify it
// without this program: the deck order of every shuffle is in Log (events
// of type "shuffle"), and every move is in Moves.
type Record struct {
	Format  string            `json:"format"`
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options referee.Options   `json:"options"`
	Seed    uint64            `json:"seed"`
	Bots    []BotInfo         `json:"bots"`
	Started time.Time         `json:"started"`
	Seconds float64           `json:"seconds"`
	Moves   []MoveRecord      `json:"moves"`
	Faults  []referee.Fault   `json:"faults,omitempty"`
	Log     []json.RawMessage `json:"log"`
	Result  referee.Result    `json:"result"`
}

// Play plays one game. The error is for the referee's own failures (bad
// options, an engine bug, a cancelled context); a bot's misbehaviour is a
// fault in the record, never an error.
func Play(ctx context.Context, cfg Config, players []Player) (*Record, error) {
	n := len(players)
	g, err := cfg.Rules.New(n, cfg.Options, cards.NewRand(cfg.Seed))
	if err != nil {
		return nil, err
	}
	id := cfg.GameID
	if id == "" {
		id = fmt.Sprintf("%s-%d", cfg.Rules.Name(), cfg.Seed)
	}
	names := cfg.Names
	for len(names) < n {
		names = append(names, fmt.Sprintf("seat%d", len(names)))
	}
	rec := &Record{Format: Format, ID: id, Game: cfg.Rules.Name(), Players: n, Options: g.Options(),
		Seed: cfg.Seed, Bots: cfg.Bots, Started: time.Now().UTC()}
	t := &table{cfg: cfg, g: g, rec: rec, n: n, cursor: make([]int, n), forfeited: make([]bool, n), strikes: make([]int, n), bank: make([]time.Duration, n),
		fallback: rand.New(rand.NewPCG(cfg.Seed, 0xFA11BAC4))}
	defer func() { rec.Seconds = time.Since(rec.Started).Seconds() }()
	for s := range t.bank {
		t.bank[s] = cfg.TimeBank
	}

	t.observe()
	for s, p := range players {
		gs := &protocol.GameStart{Type: protocol.TypeGameStart, GameID: id, Game: rec.Game, Options: g.Options(),
			Seat: s, Players: n, Names: names}
		if err := p.Start(ctx, gs); err != nil {
			t.fault(s, err, p)
		}
	}
	for !t.ended() {
		if err := ctx.Err(); err != nil {
			return rec, err
		}
		s := g.ToAct()
		if t.forfeited[s] {
			m, err := referee.RandomMove(g, s, t.fallback)
			if err != nil {
				return rec, err
			}
			if err := t.apply(s, m, 0, fallbackMove); err != nil {
				return rec, fmt.Errorf("%w: the fallback player's move %+v was refused: %v", referee.ErrEngine, m, err)
			}
			continue
		}
		req := t.request(s)
		start := time.Now()
		m, err := players[s].Decide(ctx, req, t.limit(s))
		took := time.Since(start)
		t.spend(s, took)
		if err != nil {
			if ctx.Err() != nil {
				return rec, ctx.Err()
			}
			var f *referee.Fault
			if errors.As(err, &f) && f.Recoverable {
				if done, err := t.strike(s, f, req, players[s], took); done || err != nil {
					if err != nil {
						return rec, err
					}
					continue
				}
			}
			t.fault(int(s), err, players[s])
			continue
		}
		if err := t.apply(s, m, took, botMove); err != nil {
			if !errors.Is(err, referee.ErrIllegalMove) {
				return rec, err
			}
			reason := fmt.Sprintf("%v; the move was %s", err, moveJSON(m))
			f := &referee.Fault{Kind: referee.FaultIllegal, Reason: reason}
			if done, err := t.strike(s, f, req, players[s], took); done || err != nil {
				if err != nil {
					return rec, err
				}
				continue
			}
			players[s].Tell(&protocol.Error{Type: protocol.TypeError, ID: req.ID, Kind: string(f.Kind), Message: reason, Fatal: true})
			t.fault(int(s), f, players[s])
		}
	}
	rec.Result = settle(g, t.forfeited)
	for _, ev := range g.Log().Truth(0) {
		b, err := json.Marshal(ev)
		if err != nil {
			return rec, fmt.Errorf("%w: event does not encode: %v", referee.ErrEngine, err)
		}
		rec.Log = append(rec.Log, b)
	}
	result, _ := json.Marshal(rec.Result)
	for s, p := range players {
		over := &protocol.GameOver{Type: protocol.TypeGameOver, GameID: id, Seat: s,
			Events: rawEvents(g.Log().For(referee.Seat(s), t.cursor[s])), Result: result}
		if cfg.Reveal {
			over.Reveal = rec.Log
		}
		p.Finish(over)
	}
	return rec, nil
}

type table struct {
	cfg       Config
	g         referee.Game
	rec       *Record
	n         int
	cursor    []int // per seat: the first log entry it has not been told
	seen      int   // log entries passed to the observer
	forfeited []bool
	strikes   []int
	bank      []time.Duration // per seat: time bank left
	fallback  *rand.Rand
	nextID    int64
}

// strike applies the substitute policy to a fault the bot can play on
// after: a random legal move is played for it and a strike counted. It
// reports false when the policy is off or the strikes are used up, and the
// fault then forfeits.
func (t *table) strike(s referee.Seat, f *referee.Fault, req *protocol.Request, p Player, took time.Duration) (bool, error) {
	if t.cfg.Substitute <= 0 || t.strikes[s]+1 >= t.cfg.Substitute {
		return false, nil
	}
	t.strikes[s]++
	fc := *f
	fc.Strike = t.strikes[s]
	p.Tell(&protocol.Error{Type: protocol.TypeError, ID: req.ID, Kind: string(fc.Kind),
		Message: fmt.Sprintf("%s (strike %d of %d: a random legal move was played for you)", fc.Reason, fc.Strike, t.cfg.Substitute)})
	t.fault(int(s), &fc, p)
	sub, err := referee.RandomMove(t.g, s, t.fallback)
	if err != nil {
		return true, err
	}
	if err := t.apply(s, sub, took, substituteMove); err != nil {
		return true, fmt.Errorf("%w: the substitute move %+v was refused: %v", referee.ErrEngine, sub, err)
	}
	return true, nil
}

// limit is the time s has for this move: the move limit and what is left
// of its time bank.
func (t *table) limit(s referee.Seat) time.Duration {
	if t.cfg.MoveLimit <= 0 {
		return 0
	}
	return t.cfg.MoveLimit + t.bank[s]
}

// spend takes what a move used beyond the move limit from the time bank.
func (t *table) spend(s referee.Seat, took time.Duration) {
	if over := took - t.cfg.MoveLimit; t.cfg.MoveLimit > 0 && over > 0 {
		t.bank[s] = max(t.bank[s]-over, 0)
	}
}

func (t *table) observe() {
	if t.cfg.Observer == nil {
		return
	}
	for _, ev := range t.g.Log().Truth(t.seen) {
		t.cfg.Observer.Event(ev)
	}
	t.seen = t.g.Log().Len()
}

func (t *table) request(s referee.Seat) *protocol.Request {
	t.nextID++
	view, err := json.Marshal(t.g.View(s))
	if err != nil {
		view = []byte("null")
	}
	legal := t.g.Legal(s)
	req := &protocol.Request{Type: protocol.TypeRequest, ID: t.nextID, GameID: t.rec.ID, Seat: int(s), View: view,
		Events: rawEvents(t.g.Log().For(s, t.cursor[s])), TimeMs: t.limit(s).Milliseconds(), BankMs: t.bank[s].Milliseconds(),
		MoveNum: len(t.rec.Moves)}
	t.cursor[s] = t.g.Log().Len()
	for _, m := range legal.Moves {
		req.Legal = append(req.Legal, protocol.Move(m))
	}
	if legal.Choice != nil {
		req.Choice, _ = json.Marshal(legal.Choice)
	}
	return req
}

// Who made a move.
const (
	botMove = iota
	fallbackMove
	substituteMove
)

func (t *table) apply(s referee.Seat, m referee.Move, took time.Duration, by int) error {
	if err := t.g.Apply(s, m); err != nil {
		return err
	}
	mr := MoveRecord{N: len(t.rec.Moves), Seat: int(s), Move: m, Ms: float64(took.Microseconds()) / 1000,
		Fallback: by == fallbackMove, Substitute: by == substituteMove}
	t.rec.Moves = append(t.rec.Moves, mr)
	if t.cfg.Observer != nil {
		t.cfg.Observer.Move(mr)
	}
	t.observe()
	return nil
}

func (t *table) fault(s int, err error, p Player) {
	var f *referee.Fault
	if !errors.As(err, &f) {
		f = &referee.Fault{Kind: referee.FaultCrash, Reason: err.Error()}
	}
	fc := *f
	fc.Seat = referee.Seat(s)
	fc.Move = len(t.rec.Moves)
	if fc.Bot == "" && s < len(t.rec.Bots) {
		fc.Bot = t.rec.Bots[s].Name
	}
	t.rec.Faults = append(t.rec.Faults, fc)
	if fc.Strike > 0 {
		if t.cfg.Observer != nil {
			t.cfg.Observer.Fault(fc)
		}
		return
	}
	t.forfeited[s] = true
	if t.cfg.Observer != nil {
		t.cfg.Observer.Fault(fc)
	}
}

// ended: the game is over, or forfeits leave at most one side in play.
func (t *table) ended() bool {
	return t.g.ToAct() == referee.NoSeat || sidesInPlay(t.g, t.forfeited) <= 1
}

func sidesInPlay(g referee.Game, forfeited []bool) int {
	out := map[int]bool{}
	lost := map[int]bool{}
	for s, f := range forfeited {
		if f {
			lost[referee.SideOf(g, referee.Seat(s))] = true
		}
	}
	for s := range forfeited {
		if sd := referee.SideOf(g, referee.Seat(s)); !lost[sd] {
			out[sd] = true
		}
	}
	return len(out)
}

// settle is the result under the forfeit policy: a seat that forfeited (and
// its partners) ranks last; the others keep the order the game gave them,
// or, when the game was cut short, share first place.
func settle(g referee.Game, forfeited []bool) referee.Result {
	n := len(forfeited)
	lost := map[int]bool{}
	var who []referee.Seat
	for s, f := range forfeited {
		if f {
			lost[referee.SideOf(g, referee.Seat(s))] = true
			who = append(who, referee.Seat(s))
		}
	}
	res, over := g.Result()
	if len(who) == 0 {
		return res
	}
	if !over {
		res = referee.Result{Scores: make([]float64, n), Ranks: make([]int, n)}
		for s := range n {
			res.Ranks[s] = 1
		}
	}
	out := referee.Result{Scores: res.Scores, Detail: res.Detail, End: referee.EndForfeit, Forfeited: who}
	isLost := func(s int) bool { return lost[referee.SideOf(g, referee.Seat(s))] }
	out.Ranks = referee.RankBy(n, func(a, b int) bool {
		if isLost(a) != isLost(b) {
			return !isLost(a)
		}
		return !isLost(a) && res.Ranks[a] < res.Ranks[b]
	})
	return out
}

func rawEvents(evs []referee.Event) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(evs))
	for _, ev := range evs {
		b, err := json.Marshal(ev)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}

func moveJSON(m referee.Move) string {
	b, _ := json.Marshal(m)
	return string(b)
}
