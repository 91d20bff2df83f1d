package rating

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// ReadOrders reads finishing orders: one game per line, best first, players
// separated by spaces, '=' joining tied players ("A B=C D"); '#' starts a
// comment.
func ReadOrders(r io.Reader, source string) ([]Game, error) {
	var games []Game
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		var g Game
		for place, f := range fields {
			for _, name := range strings.Split(f, "=") {
				if name == "" {
					return nil, fmt.Errorf("%s:%d: an empty name around '=' in %q", source, ln, f)
				}
				g.Players = append(g.Players, name)
				g.Places = append(g.Places, place+1)
			}
		}
		if len(g.Players) < 2 {
			return nil, fmt.Errorf("%s:%d: a game needs at least two players, best first: %q", source, ln, line)
		}
		games = append(games, g)
	}
	return games, sc.Err()
}

// ReadCSV reads two-player results as white,black,white_score (1, 0.5 or
// 0), with a header line.
func ReadCSV(r io.Reader, source string) ([]Game, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", source, err)
	}
	var games []Game
	for i, row := range rows {
		if i == 0 && len(row) > 2 && strings.EqualFold(strings.TrimSpace(row[0]), "white") {
			continue
		}
		if len(row) != 3 {
			return nil, fmt.Errorf("%s:%d: want white,black,white_score, got %d fields", source, i+1, len(row))
		}
		g, err := pairGame(row[0], row[1], strings.TrimSpace(row[2]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", source, i+1, err)
		}
		games = append(games, g)
	}
	return games, nil
}

func pairGame(white, black, score string) (Game, error) {
	g := Game{Players: []string{strings.TrimSpace(white), strings.TrimSpace(black)}}
	switch score {
	case "1", "1-0", "1.0":
		g.Places = []int{1, 2}
	case "0", "0-1", "0.0":
		g.Places = []int{2, 1}
	case "0.5", "1/2-1/2", ".5":
		g.Places = []int{1, 1}
	default:
		if _, err := strconv.ParseFloat(score, 64); err == nil {
			return g, fmt.Errorf("score %s: only 1, 0.5 and 0 are results", score)
		}
		return g, fmt.Errorf("score %q is not a result (1, 0.5 or 0)", score)
	}
	return g, nil
}

var pgnTag = regexp.MustCompile(`^\[(\w+)\s+"([^"]*)"\]`)

// ReadPGN reads the White, Black and Result tags of minimal PGN; games
// without a decisive or drawn result ("*") are skipped.
func ReadPGN(r io.Reader, source string) ([]Game, error) {
	var games []Game
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	tags := map[string]string{}
	start := 0
	flush := func() error {
		if len(tags) == 0 {
			return nil
		}
		defer func() { tags = map[string]string{} }()
		if tags["Result"] == "*" {
			return nil
		}
		if tags["White"] == "" || tags["Black"] == "" || tags["Result"] == "" {
			return fmt.Errorf("%s:%d: a game without White, Black and Result tags", source, start)
		}
		g, err := pairGame(tags["White"], tags["Black"], tags["Result"])
		if err != nil {
			return fmt.Errorf("%s:%d: %v", source, start, err)
		}
		games = append(games, g)
		return nil
	}
	inMoves := false
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if m := pgnTag.FindStringSubmatch(line); m != nil {
			if inMoves {
				if err := flush(); err != nil {
					return nil, err
				}
				inMoves = false
			}
			if len(tags) == 0 {
				start = ln
			}
			tags[m[1]] = m[2]
			continue
		}
		if line != "" {
			inMoves = true
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return games, sc.Err()
}
