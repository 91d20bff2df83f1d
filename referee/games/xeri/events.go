package xeri

// Events of a Xeri game, as they appear in the record and on the wire. Each
// has a "type" field.

// RoundStart opens a round.
type RoundStart struct {
	Type   string `json:"type"` // "round_start"
	Round  int    `json:"round"`
	Dealer int    `json:"dealer"`
	Target int    `json:"target,omitempty"`
}

// Shuffle gives the full deck order after a shuffle, top first. It is in the
// game record only, never sent to a bot during play.
type Shuffle struct {
	Type string   `json:"type"` // "shuffle"
	Why  string   `json:"why"`  // "round" or "pile_redeal"
	Deck []string `json:"deck"`
}

// BottomCard shows the bottom card of the stock (show_bottom_card).
type BottomCard struct {
	Type string `json:"type"` // "bottom_card"
	Card string `json:"card"`
}

// Deal gives a seat its cards. The seat sees Cards; the others see Count.
type Deal struct {
	Type  string   `json:"type"` // "deal"
	Seat  int      `json:"seat"`
	Count int      `json:"count"`
	Cards []string `json:"cards,omitempty"`
}

// PileEvent shows the starting pile, bottom first; Rejected says it was
// turned down and goes back into the stock.
type PileEvent struct {
	Type     string   `json:"type"` // "pile" or "pile_rejected"
	Cards    []string `json:"cards"`
	Adjusted bool     `json:"jacks_moved,omitempty"`
}

// Play is a card played by a seat. When it captures, Captured lists the
// pile cards taken (bottom first, the played card last).
type Play struct {
	Type     string   `json:"type"` // "play"
	Seat     int      `json:"seat"`
	Card     string   `json:"card"`
	Captured []string `json:"captured,omitempty"`
	Xeri     bool     `json:"xeri,omitempty"`
	Bonus    int      `json:"bonus,omitempty"`
}

// Leftovers are the cards left on the table at the end of a round, which go
// to the side of the last capturer (Seat -1: nobody captured).
type Leftovers struct {
	Type  string   `json:"type"` // "leftovers"
	Seat  int      `json:"seat"`
	Side  int      `json:"side"`
	Cards []string `json:"cards"`
}

// RoundEnd scores a round.
type RoundEnd struct {
	Type   string     `json:"type"` // "round_end"
	Score  RoundScore `json:"score"`
	Totals []int      `json:"totals"`
	Wins   []int      `json:"round_wins,omitempty"`
	Raised int        `json:"target_raised_to,omitempty"`
}

// RoundScore is the breakdown of one round, per side.
type RoundScore struct {
	Round  int         `json:"round"`
	Dealer int         `json:"dealer"`
	Sides  []SideScore `json:"sides"`
	Winner int         `json:"winner"` // side with the highest round score, -1 on a tie
}

// SideScore is one side's points in a round.
type SideScore struct {
	Side       int   `json:"side"`
	Seats      []int `json:"seats"`
	Cards      int   `json:"cards"`       // captured cards
	MostCards  int   `json:"most_cards"`  // most_cards_bonus or 0
	Honours    int   `json:"honours"`     // 1 per A, K, Q, J, T
	GoodTen    int   `json:"good_ten"`    // +1 for TD
	GoodTwo    int   `json:"good_two"`    // 1 for 2C
	Xeris      int   `json:"xeris"`       // ordinary xeris
	JackXeris  int   `json:"jack_xeris"`  // jack-on-jack xeris
	XeriPoints int   `json:"xeri_points"` // their bonuses
	Total      int   `json:"total"`
}

// GameEnd closes the match.
type GameEnd struct {
	Type   string `json:"type"` // "game_end"
	Ranks  []int  `json:"ranks"`
	Totals []int  `json:"totals"`
	End    string `json:"end"`
}
