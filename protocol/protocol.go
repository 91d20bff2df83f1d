// Package protocol is the wire protocol between the referee and a bot: one
// JSON object per line on the bot's stdin and stdout, each with a "type".
// README.md in this folder is the complete specification for bot authors.
package protocol

import (
	"encoding/json"
)

// Version is the protocol version this referee speaks.
const Version = 1

// Message types.
const (
	TypeHello     = "hello"      // referee → bot, once, first
	TypeReady     = "ready"      // bot → referee, the answer to hello
	TypeGameStart = "game_start" // referee → bot, before each game
	TypeRequest   = "request"    // referee → bot: your move
	TypeMove      = "move"       // bot → referee: the answer to a request
	TypeError     = "error"      // referee → bot: what went wrong
	TypeGameOver  = "game_over"  // referee → bot, after each game
	TypeBye       = "bye"        // referee → bot: the session is over, exit
)

// Limits are the time limits, in milliseconds.
type Limits struct {
	StartupMs  int64 `json:"startup_ms"`
	MoveMs     int64 `json:"move_ms"`
	TimeBankMs int64 `json:"time_bank_ms,omitempty"`
}

// Hello opens a session. It also describes the first game, so that a bot
// that plays a single game can ignore game_start.
type Hello struct {
	Type     string            `json:"type"`
	Protocol int               `json:"protocol"`
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Seat     int               `json:"seat"`
	Players  int               `json:"players"`
	Limits   Limits            `json:"limits"`
}

// Ready answers hello.
type Ready struct {
	Type     string `json:"type"`
	Name     string `json:"name"`
	Version  string `json:"version,omitempty"`
	Protocol int    `json:"protocol,omitempty"`
}

// GameStart opens a game in the session.
type GameStart struct {
	Type    string            `json:"type"`
	GameID  string            `json:"game_id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seat    int               `json:"seat"`
	Players int               `json:"players"`
	Names   []string          `json:"names"`
}

// Move is a move, as in the game rules: {"card":"QS"},
// {"action":"play","card":"8S","suit":"H"}, {"action":"draw"}, ...
type Move struct {
	Action string   `json:"action,omitempty"`
	Card   string   `json:"card,omitempty"`
	Cards  []string `json:"cards,omitempty"`
	Suit   string   `json:"suit,omitempty"`
	Rank   string   `json:"rank,omitempty"`
	Ranks  []string `json:"ranks,omitempty"`
}

// Request asks the bot for a move. It is self-contained: the seat's whole
// view, what happened since the seat's last request, the legal moves (or a
// description of them, in Choice) and the time the bot has.
type Request struct {
	Type    string            `json:"type"`
	ID      int64             `json:"id"`
	GameID  string            `json:"game_id"`
	Seat    int               `json:"seat"`
	View    json.RawMessage   `json:"view"`
	Events  []json.RawMessage `json:"events"`
	Legal   []Move            `json:"legal,omitempty"`
	Choice  json.RawMessage   `json:"choice,omitempty"`
	TimeMs  int64             `json:"time_ms"`
	BankMs  int64             `json:"bank_ms,omitempty"`
	MoveNum int               `json:"move_number"`
}

// MoveReply answers a request; ID echoes the request's id.
type MoveReply struct {
	Type string `json:"type"`
	ID   int64  `json:"id"`
	Move Move   `json:"move"`
}

// Error tells the bot what went wrong. ID is the request it concerns, if
// any. Fatal says the bot has forfeited the game.
type Error struct {
	Type    string `json:"type"`
	ID      int64  `json:"id,omitempty"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Fatal   bool   `json:"fatal"`
}

// GameOver closes a game: the events since the seat's last request and the
// result.
type GameOver struct {
	Type   string            `json:"type"`
	GameID string            `json:"game_id"`
	Seat   int               `json:"seat"`
	Events []json.RawMessage `json:"events"`
	Result json.RawMessage   `json:"result"`
	// Reveal, when the organiser turns it on, is the whole game as the
	// referee saw it: every event in full, deck orders included.
	Reveal []json.RawMessage `json:"reveal,omitempty"`
}

// Bye ends the session: the bot should exit.
type Bye struct {
	Type string `json:"type"`
}

// Envelope reads just the type of any message.
type Envelope struct {
	Type string `json:"type"`
}
