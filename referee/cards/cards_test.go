package cards

import (
	"strings"
	"testing"
)

func TestParseRoundTripsEveryCard(t *testing.T) {
	for _, c := range Deck(1) {
		p, err := Parse(c.String())
		if err != nil || p != c {
			t.Fatalf("Parse(%q) = %v, %v", c.String(), p, err)
		}
	}
	if got := len(Deck(2)); got != 104 {
		t.Fatalf("two decks hold %d cards, want 104", got)
	}
}

func TestParseExplainsBadCards(t *testing.T) {
	for in, want := range map[string]string{
		"QX":  `suit "X" is not one of C D H S`,
		"1S":  `rank "1" is not one of`,
		"10D": "a card is two characters",
		"":    "a card is two characters",
		"qs":  `rank "q"`,
	} {
		_, err := Parse(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error = %v, want it to mention %q", in, err, want)
		}
	}
}

func TestShuffleIsSeededAndAPermutation(t *testing.T) {
	a, b, c := Deck(1), Deck(1), Deck(1)
	Shuffle(a, NewRand(7))
	Shuffle(b, NewRand(7))
	Shuffle(c, NewRand(8))
	if Join(a) != Join(b) {
		t.Fatal("the same seed gave two different shuffles")
	}
	if Join(a) == Join(c) {
		t.Fatal("different seeds gave the same shuffle")
	}
	seen := map[Card]bool{}
	for _, x := range a {
		seen[x] = true
	}
	if len(seen) != 52 {
		t.Fatalf("shuffle lost cards: %d distinct", len(seen))
	}
}

func TestRemoveKeepsOrderAndDoesNotAlias(t *testing.T) {
	h := MustParse("AS 2S 3S")
	r := Remove(h, 1)
	if Join(r) != "AS 3S" || Join(h) != "AS 2S 3S" {
		t.Fatalf("Remove gave %q, original now %q", Join(r), Join(h))
	}
}
