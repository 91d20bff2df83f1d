package verish

// Events of a Verish game. Each has a "type".

// DealStart opens a game (a deal) of the match.
type DealStart struct {
	Type   string `json:"type"` // "deal_start"
	Game   int    `json:"game"`
	Dealer int    `json:"dealer"`
	Deck   int    `json:"deck_size"`
}

// Shuffle is the deck order, top first, in the record only; Blind is the
// set-aside card, in the record only.
type Shuffle struct {
	Type  string   `json:"type"` // "shuffle"
	Deck  []string `json:"deck"`
	Blind string   `json:"blind,omitempty"`
}

// Deal gives a seat its cards: the seat sees Cards, the others Count.
type Deal struct {
	Type  string   `json:"type"` // "deal"
	Seat  int      `json:"seat"`
	Count int      `json:"count"`
	Cards []string `json:"cards,omitempty"`
}

// RoundStart names the seat that leads.
type RoundStart struct {
	Type    string `json:"type"` // "round_start"
	Starter int    `json:"starter"`
}

// Play is a lead or a follow: the count and the claim are public, the
// cards are shown to the mover only.
type Play struct {
	Type  string   `json:"type"` // "lead" or "follow"
	Seat  int      `json:"seat"`
	Count int      `json:"count"`
	Rank  string   `json:"rank"`
	Cards []string `json:"cards,omitempty"`
}

// Response is a challenge ("I don't trust") or a check ("I trust, show
// me") of the last play.
type Response struct {
	Type   string `json:"type"` // "challenge" or "check"
	Seat   int    `json:"seat"`
	Target int    `json:"target"`
}

// Reveal shows the last play to everyone.
type Reveal struct {
	Type  string   `json:"type"` // "reveal"
	Seat  int      `json:"seat"` // who played them
	Rank  string   `json:"rank"` // the claim
	Cards []string `json:"cards"`
	True  bool     `json:"truthful"`
}

// Pickup gives the pile to a seat: it sees every card, the others the
// count (and whatever was revealed).
type Pickup struct {
	Type  string   `json:"type"` // "pickup"
	Seat  int      `json:"seat"`
	Count int      `json:"count"`
	Cards []string `json:"cards,omitempty"`
}

// PileRemoved: a truthful check sends the whole pile out of the game.
type PileRemoved struct {
	Type  string `json:"type"` // "pile_removed"
	Count int    `json:"count"`
}

// Quads shows four-of-a-kind discarded by a seat.
type Quads struct {
	Type  string   `json:"type"` // "quads"
	Seat  int      `json:"seat"`
	Ranks []string `json:"ranks"`
	Cards []string `json:"cards"`
}

// Finish: a seat got rid of its cards and takes a place.
type Finish struct {
	Type  string `json:"type"` // "finish"
	Seat  int    `json:"seat"`
	Place int    `json:"place"`
}

// DealEnd closes a game of the match; Truth lists every play of the game
// with its real cards, for the record.
type DealEnd struct {
	Type   string `json:"type"` // "deal_end"
	Game   int    `json:"game"`
	Places []int  `json:"places"` // per seat
	Loser  int    `json:"loser"`  // -1 when truncated with ties
	End    string `json:"end"`
	Points []int  `json:"points"` // this game's placement points
	Totals []int  `json:"totals"`
	Hands  []int  `json:"hand_sizes"`
}

// Truth is the record-only list of every face-down play with its cards,
// logged at the end of each game.
type Truth struct {
	Type  string     `json:"type"` // "truth"
	Blind string     `json:"blind,omitempty"`
	Plays []TruePlay `json:"plays"`
}

// TruePlay is one face-down play as it really was.
type TruePlay struct {
	Seat  int      `json:"seat"`
	Rank  string   `json:"claimed"`
	Cards []string `json:"cards"`
	Lie   bool     `json:"lie"`
}

// GameEnd closes the match.
type GameEnd struct {
	Type   string `json:"type"` // "game_end"
	Ranks  []int  `json:"ranks"`
	Totals []int  `json:"totals"`
	End    string `json:"end"`
}
