package verish

import "cardref/referee"

// Option names, as `referee games` lists them.
const (
	OptDeck         = "deck"
	OptSetAside     = "set_aside_card"
	OptLeadMax      = "lead_max"
	OptFollowMax    = "follow_max"
	OptQuadDiscard  = "quad_discard"
	OptBelieveCheck = "believe_check"
	OptStay         = "stay_until_round_end"
	OptNextDealer   = "next_dealer"
	OptMaxMoves     = "max_moves_per_game"
	OptAntiRepeat   = "anti_repeat_two_players"
	OptNumGames     = "num_games"
	OptFirstDealer  = "first_dealer"
)

// Quad-discard rules.
const (
	QuadsOptional = "optional"
	QuadsAuto     = "mandatory_auto"
	QuadsOff      = "off"
)

var optionSpecs = []referee.OptionSpec{
	{Name: OptDeck, Kind: referee.KindEnum, Default: "auto", Values: []string{"auto", "36", "52"},
		Help: "auto: 36 cards (6 to A) for 2 players, 52 otherwise"},
	{Name: OptSetAside, Kind: referee.KindBool, Default: "true",
		Help: "one card is set aside face down, unseen all game, so its rank can never make four"},
	{Name: OptLeadMax, Kind: referee.KindInt, Default: "0", Min: 0, Max: 8,
		Help: "most cards in a lead; 0: 3, or 4 with believe_check"},
	{Name: OptFollowMax, Kind: referee.KindInt, Default: "3", Min: 1, Max: 8,
		Help: "most cards in a follow"},
	{Name: OptQuadDiscard, Kind: referee.KindEnum, Default: "auto", Values: []string{"auto", QuadsOptional, QuadsAuto, QuadsOff},
		Help: "four of a rank: the picker may discard them after a pickup (optional), they go at once (mandatory_auto), or never (off); auto: optional, or off with believe_check"},
	{Name: OptBelieveCheck, Kind: referee.KindBool, Default: "false",
		Help: "the \"trust and check\" response: a true play sends the whole pile out of the game, a lie gives it to the checker"},
	{Name: OptStay, Kind: referee.KindBool, Default: "false",
		Help: "a player who plays their last cards stays until the round ends and must then challenge or check (needs believe_check)"},
	{Name: OptNextDealer, Kind: referee.KindEnum, Default: "loser", Values: []string{"loser", "rotate"},
		Help: "who deals the next game of a match: the loser, or the next seat"},
	{Name: OptMaxMoves, Kind: referee.KindInt, Default: "2000", Min: 1, Max: 10000000,
		Help: "safeguard: after this many leads, follows, challenges and checks the game ends, unfinished players ranked by fewest cards, marked truncated"},
	{Name: OptAntiRepeat, Kind: referee.KindBool, Default: "false",
		Help: "with two players left, a lead may not repeat the previous round's lead claim (same rank and count)"},
	{Name: OptNumGames, Kind: referee.KindInt, Default: "1", Min: 1, Max: 1000,
		Help: "games (deals) in a match; each scores players-minus-place points, ranked by total, fewest last places breaking ties"},
	{Name: OptFirstDealer, Kind: referee.KindInt, Default: "-1", Min: -1, Max: 7,
		Help: "the seat that deals the first game; -1 chooses one at random from the seed"},
}
