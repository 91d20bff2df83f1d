package crazyeights

import "cardref/referee"

// Option names, as `referee games` lists them.
const (
	OptPreset           = "preset"
	OptHandSize         = "hand_size"
	OptHandSize2p       = "hand_size_2p"
	OptDecks            = "decks"
	OptStarterEight     = "starter_eight"
	OptMaxDraws         = "max_draws"
	OptDrawWhenPlayable = "draw_when_playable"
	OptPassWhenPlayable = "pass_when_playable"
	OptReshuffle        = "reshuffle_discards"
	OptScoring          = "scoring"
	OptTarget           = "target"
	OptAcePoints        = "ace_points"
	OptBlockPasses      = "block_passes"
	OptMaxTurnsPerHand  = "max_turns_per_hand"
	OptMaxHands         = "max_hands"
	OptMaxPlays         = "max_plays"
	OptFirstDealer      = "first_dealer"
)

// Starter-8 handling.
const (
	BuryMiddle     = "bury_middle"
	ReshuffleStock = "reshuffle_stock"
	RandomReinsert = "random_reinsert"
)

// Scorings.
const (
	PenaltyOwnHand = "penalty_own_hand"
	WinnerCollects = "winner_collects"
	OpenSpiel      = "openspiel"
)

var optionSpecs = []referee.OptionSpec{
	{Name: OptPreset, Kind: referee.KindEnum, Default: "none", Values: []string{"none", "openspiel_compat"},
		Help: "openspiel_compat sets the options OpenSpiel's crazy_eights uses (7 cards for 2 players, 5 draws, draw or pass when playable, random re-insertion, n+1 passes, 100 plays, its scoring with face values); options you set yourself still win"},
	{Name: OptHandSize, Kind: referee.KindInt, Default: "5", Min: 1, Max: 20,
		Help: "cards dealt to each player"},
	{Name: OptHandSize2p, Kind: referee.KindInt, Default: "0", Min: 0, Max: 20,
		Help: "cards dealt to each of 2 players (7 in many rule books); 0: hand_size"},
	{Name: OptDecks, Kind: referee.KindEnum, Default: "auto", Values: []string{"auto", "1", "2"},
		Help: "52-card packs: auto is 1 up to 5 players and 2 above"},
	{Name: OptStarterEight, Kind: referee.KindEnum, Default: BuryMiddle, Values: []string{BuryMiddle, ReshuffleStock, RandomReinsert},
		Help: "an 8 turned up as the starter goes into the middle of the stock, or the stock is reshuffled, or it goes back at a random place"},
	{Name: OptMaxDraws, Kind: referee.KindInt, Default: "3", Min: 0, Max: 1000,
		Help: "cards a player may draw in one turn; 0: unlimited (draw until playable or the stock is empty)"},
	{Name: OptDrawWhenPlayable, Kind: referee.KindBool, Default: "false",
		Help: "a player holding a playable card may draw anyway"},
	{Name: OptPassWhenPlayable, Kind: referee.KindBool, Default: "false",
		Help: "a player holding a playable card may pass once the stock is empty or the draw limit is reached"},
	{Name: OptReshuffle, Kind: referee.KindBool, Default: "false",
		Help: "when the stock is empty, the discards under the top card are shuffled into a new stock"},
	{Name: OptScoring, Kind: referee.KindEnum, Default: PenaltyOwnHand, Values: []string{PenaltyOwnHand, WinnerCollects, OpenSpiel},
		Help: "penalty_own_hand: each scores the cards left in hand, lowest total wins at the target; winner_collects: the player out scores the others' cards, highest wins at the target; openspiel: a single hand, each scores minus its own cards"},
	{Name: OptTarget, Kind: referee.KindInt, Default: "100", Min: 1, Max: 100000,
		Help: "the game ends after the hand in which a total reaches this"},
	{Name: OptAcePoints, Kind: referee.KindInt, Default: "1", Min: 1, Max: 50,
		Help: "what an ace left in hand costs"},
	{Name: OptBlockPasses, Kind: referee.KindEnum, Default: "n", Values: []string{"n", "n+1"},
		Help: "consecutive passes with an empty stock that end a blocked hand (n = players)"},
	{Name: OptMaxTurnsPerHand, Kind: referee.KindInt, Default: "1000", Min: 1, Max: 1000000,
		Help: "safeguard: a hand is scored as blocked, and marked truncated, after this many turns"},
	{Name: OptMaxHands, Kind: referee.KindInt, Default: "100", Min: 1, Max: 100000,
		Help: "safeguard: the game ends after this many hands, marked truncated"},
	{Name: OptMaxPlays, Kind: referee.KindInt, Default: "0", Min: 0, Max: 1000000,
		Help: "cards played in a hand before it ends, marked truncated (OpenSpiel: 100); 0: no limit"},
	{Name: OptFirstDealer, Kind: referee.KindInt, Default: "-1", Min: -1, Max: 9,
		Help: "the seat that deals the first hand; -1 chooses one at random from the seed"},
}

// openSpielCompat are the preset's settings (RULES.md §3.4), with face
// values rather than OpenSpiel's id-based scoring bug.
var openSpielCompat = referee.Options{
	OptHandSize2p:       "7",
	OptMaxDraws:         "5",
	OptDrawWhenPlayable: "true",
	OptPassWhenPlayable: "true",
	OptStarterEight:     RandomReinsert,
	OptBlockPasses:      "n+1",
	OptMaxPlays:         "100",
	OptScoring:          OpenSpiel,
	OptAcePoints:        "10",
}
