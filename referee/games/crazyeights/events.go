package crazyeights

// Events of a Crazy Eights game. Each has a "type".

// HandStart opens a hand.
type HandStart struct {
	Type   string `json:"type"` // "hand_start"
	Hand   int    `json:"hand"`
	Dealer int    `json:"dealer"`
}

// Shuffle is the deck order, top first: in the record only.
type Shuffle struct {
	Type string   `json:"type"` // "shuffle"
	Why  string   `json:"why"`  // "hand", "starter_eight" or "discards"
	Deck []string `json:"deck"`
}

// Deal gives a seat its hand: the seat sees Cards, the others Count.
type Deal struct {
	Type  string   `json:"type"` // "deal"
	Seat  int      `json:"seat"`
	Count int      `json:"count"`
	Cards []string `json:"cards,omitempty"`
}

// StarterEight: an 8 turned up as the starter went back into the stock.
type StarterEight struct {
	Type string `json:"type"` // "starter_eight"
	Card string `json:"card"`
	How  string `json:"how"`
}

// Starter is the first card of the discard pile.
type Starter struct {
	Type string `json:"type"` // "starter"
	Card string `json:"card"`
}

// Play is a card played; Suit is the suit named with an 8.
type Play struct {
	Type string `json:"type"` // "play"
	Seat int    `json:"seat"`
	Card string `json:"card"`
	Suit string `json:"suit,omitempty"`
	Left int    `json:"cards_left"`
}

// Draw is a card drawn from the stock: the drawer sees Card, the others
// only that a card was drawn.
type Draw struct {
	Type  string `json:"type"` // "draw"
	Seat  int    `json:"seat"`
	Card  string `json:"card,omitempty"`
	Stock int    `json:"stock"` // cards left in the stock
}

// Reshuffle: the discards under the top card became the new stock.
type Reshuffle struct {
	Type  string `json:"type"` // "reshuffle"
	Cards int    `json:"cards"`
}

// Pass ends a turn without a play.
type Pass struct {
	Type       string `json:"type"` // "pass"
	Seat       int    `json:"seat"`
	StockEmpty bool   `json:"stock_empty"`
}

// HandEnd reveals every hand and scores the hand.
type HandEnd struct {
	Type   string    `json:"type"` // "hand_end"
	Report HandScore `json:"score"`
}

// HandScore is one hand's outcome.
type HandScore struct {
	Hand      int        `json:"hand"`
	Dealer    int        `json:"dealer"`
	End       string     `json:"end"` // "out", "blocked" or "truncated"
	Out       int        `json:"out"` // the seat that went out, or -1
	Hands     [][]string `json:"hands"`
	Penalties []int      `json:"penalties"`
	Points    []int      `json:"points"` // what each seat scores for the hand
	Totals    []int      `json:"totals"`
	Order     []int      `json:"order"` // finishing order: out first, then by penalty
}

// GameEnd closes the game.
type GameEnd struct {
	Type   string `json:"type"` // "game_end"
	Ranks  []int  `json:"ranks"`
	Totals []int  `json:"totals"`
	End    string `json:"end"`
}
