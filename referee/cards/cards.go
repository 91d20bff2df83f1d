// Package cards has playing cards written as two characters — rank
// A23456789TJQK then suit CDHS, as in "QS" or "TD" — decks, and seeded
// shuffles.
package cards

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Rank is 1 (ace) to 13 (king).
type Rank uint8

// Ranks with names.
const (
	Ace   Rank = 1
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// Suit is one of Clubs, Diamonds, Hearts, Spades.
type Suit uint8

// Suits, in the order CDHS.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

const rankChars = "A23456789TJQK"
const suitChars = "CDHS"

// Card is a rank and a suit. The zero Card is not a card.
type Card struct {
	Rank Rank
	Suit Suit
}

// String writes the card as two characters, e.g. "TD".
func (c Card) String() string {
	if c.Rank < 1 || c.Rank > 13 || c.Suit > 3 {
		return "??"
	}
	return string([]byte{rankChars[c.Rank-1], suitChars[c.Suit]})
}

// MarshalText writes the two-character form.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads the two-character form.
func (c *Card) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// String writes the rank's character.
func (r Rank) String() string {
	if r < 1 || r > 13 {
		return "?"
	}
	return rankChars[r-1 : r]
}

// String writes the suit's character.
func (s Suit) String() string {
	if s > 3 {
		return "?"
	}
	return suitChars[s : s+1]
}

// Name is the suit's English name.
func (s Suit) Name() string {
	return [...]string{"clubs", "diamonds", "hearts", "spades", "?"}[min(int(s), 4)]
}

// Parse reads a card such as "QS". The error says what a card looks like.
func Parse(s string) (Card, error) {
	if len(s) != 2 {
		return Card{}, fmt.Errorf("%q is not a card: a card is two characters, a rank of %s then a suit of %s, e.g. \"QS\" or \"TD\"", s, rankChars, suitChars)
	}
	r, err := ParseRank(s[:1])
	if err != nil {
		return Card{}, fmt.Errorf("%q is not a card: %v", s, err)
	}
	u, err := ParseSuit(s[1:])
	if err != nil {
		return Card{}, fmt.Errorf("%q is not a card: %v", s, err)
	}
	return Card{r, u}, nil
}

// ParseRank reads a rank character.
func ParseRank(s string) (Rank, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(rankChars, s[0]); i >= 0 {
			return Rank(i + 1), nil
		}
	}
	return 0, fmt.Errorf("rank %q is not one of %s (T is ten)", s, strings.Join(strings.Split(rankChars, ""), " "))
}

// ParseSuit reads a suit character.
func ParseSuit(s string) (Suit, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(suitChars, s[0]); i >= 0 {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("suit %q is not one of C D H S", s)
}

// MustParse parses a space-separated list of cards; it panics on a bad one.
// For tests and examples.
func MustParse(list string) []Card {
	var out []Card
	for _, f := range strings.Fields(list) {
		c, err := Parse(f)
		if err != nil {
			panic(err)
		}
		out = append(out, c)
	}
	return out
}

// Deck returns n standard 52-card packs in a fixed order (suit by suit, A
// to K).
func Deck(n int) []Card {
	d := make([]Card, 0, 52*n)
	for range n {
		for s := Clubs; s <= Spades; s++ {
			for r := Ace; r <= King; r++ {
				d = append(d, Card{r, s})
			}
		}
	}
	return d
}

// Shuffle is a Fisher–Yates shuffle driven by rng.
func Shuffle(d []Card, rng *rand.Rand) {
	for i := len(d) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		d[i], d[j] = d[j], d[i]
	}
}

// Strings writes each card as text.
func Strings(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Join writes cards separated by spaces.
func Join(cs []Card) string { return strings.Join(Strings(cs), " ") }

// Index returns the position of c in cs, or -1.
func Index(cs []Card, c Card) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// Remove returns cs without its element at i, keeping the order.
func Remove(cs []Card, i int) []Card {
	return append(cs[:i:i], cs[i+1:]...)
}

// NewRand returns the generator for a game with the given seed. Every
// random choice of a game comes from it.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15))
}
