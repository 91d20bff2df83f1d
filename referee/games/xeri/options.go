package xeri

import "cardref/referee"

// Option names, as `referee games` lists them.
const (
	OptHandSize           = "hand_size"
	OptPartnerships       = "partnerships"
	OptInitialPileRule    = "initial_pile_rule"
	OptShowBottomCard     = "show_bottom_card"
	OptXeriBonus          = "xeri_bonus"
	OptJackXeriBonus      = "jack_xeri_bonus"
	OptLastCardXeri       = "last_card_xeri"
	OptMostCardsBonus     = "most_cards_bonus"
	OptMatchMode          = "match_mode"
	OptTargetScore        = "target_score"
	OptSimultaneousTarget = "simultaneous_target"
	OptNumRounds          = "num_rounds"
	OptRoundsTiebreak     = "rounds_tiebreak"
	OptMaxRounds          = "max_rounds"
	OptMaxPileRedeals     = "max_pile_redeals"
	OptFirstDealer        = "first_dealer"
)

// Starting-pile rules.
const (
	PileRedeal      = "redeal_top_pair_or_jack"
	PileJackToBotom = "jack_to_bottom"
	PileAcceptAny   = "accept_any"
)

var optionSpecs = []referee.OptionSpec{
	{Name: OptHandSize, Kind: referee.KindInt, Default: "6", Min: 1, Max: 12,
		Help: "cards dealt to each player per deal (4 as in Pishti); the last deal of a round is short if the stock runs low"},
	{Name: OptPartnerships, Kind: referee.KindBool, Default: "true",
		Help: "with 4 players, seats 0+2 and 1+3 play as teams and pool captures, xeris and scores"},
	{Name: OptInitialPileRule, Kind: referee.KindEnum, Default: PileRedeal, Values: []string{PileRedeal, PileJackToBotom, PileAcceptAny},
		Help: "starting pile with a jack on top or a top pair: redeal it, slide jacks to the bottom, or accept it"},
	{Name: OptShowBottomCard, Kind: referee.KindBool, Default: "false",
		Help: "show everyone the bottom card of the stock (a non-jack), which the dealer receives in the last deal"},
	{Name: OptXeriBonus, Kind: referee.KindInt, Default: "10", Min: 0, Max: 1000,
		Help: "bonus for capturing a single card by matching its rank"},
	{Name: OptJackXeriBonus, Kind: referee.KindInt, Default: "20", Min: 0, Max: 1000,
		Help: "bonus for capturing a single jack with a jack (25 and 10 are common variants)"},
	{Name: OptLastCardXeri, Kind: referee.KindBool, Default: "true",
		Help: "whether a xeri made with the last card of the round scores its bonus"},
	{Name: OptMostCardsBonus, Kind: referee.KindInt, Default: "3", Min: 0, Max: 1000,
		Help: "points for strictly the most captured cards in a round (a tie for most scores nobody)"},
	{Name: OptMatchMode, Kind: referee.KindEnum, Default: "target", Values: []string{"target", "rounds"},
		Help: "play to target_score points, or play num_rounds rounds and count round wins"},
	{Name: OptTargetScore, Kind: referee.KindInt, Default: "51", Min: 1, Max: 100000,
		Help: "target mode: the match ends after the round in which a side reaches this total"},
	{Name: OptSimultaneousTarget, Kind: referee.KindEnum, Default: "highest_wins", Values: []string{"highest_wins", "raise"},
		Help: "target mode, several sides reach the target in one round: the highest total wins (a tie plays on), or the target rises by 100"},
	{Name: OptNumRounds, Kind: referee.KindInt, Default: "2", Min: 1, Max: 1000,
		Help: "rounds mode: rounds in the match (use an even number, a multiple of 4 with 4 players, so every seat deals equally)"},
	{Name: OptRoundsTiebreak, Kind: referee.KindEnum, Default: "draw", Values: []string{"draw", "extra_round"},
		Help: "rounds mode, equal round wins at the end: a draw, or extra rounds until one side leads"},
	{Name: OptMaxRounds, Kind: referee.KindInt, Default: "50", Min: 1, Max: 100000,
		Help: "safeguard: after this many rounds the highest total wins and the result is marked truncated"},
	{Name: OptMaxPileRedeals, Kind: referee.KindInt, Default: "100", Min: 0, Max: 100000,
		Help: "safeguard: after this many starting-pile redeals, jacks slide to the bottom instead"},
	{Name: OptFirstDealer, Kind: referee.KindInt, Default: "-1", Min: -1, Max: 3,
		Help: "the seat that deals the first round; -1 chooses one at random from the seed"},
}
