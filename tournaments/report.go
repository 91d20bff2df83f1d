package tournaments

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"cardref/referee"
	"cardref/tournaments/rating"
)

// Standing is one bot's line of the standings.
type Standing struct {
	Rank     int            `json:"rank"`
	Bot      string         `json:"bot"`
	Elo      float64        `json:"elo"`
	CI95     float64        `json:"ci95"`
	SEModel  float64        `json:"se_model"`
	Flag     string         `json:"flag,omitempty"`
	Games    int            `json:"games"`
	Points   float64        `json:"points"`    // opponents beaten, a tie counting one half
	Score    float64        `json:"score"`     // points per game, over the opponents met: 0 to 1
	AvgPlace float64        `json:"avg_place"` // 1 is first
	Faults   map[string]int `json:"faults,omitempty"`
}

// FaultEntry is one fault in the per-bot report.
type FaultEntry struct {
	Bot    string `json:"bot"`
	Game   string `json:"game"`
	Kind   string `json:"kind"`
	Move   int    `json:"move"`
	Reason string `json:"reason"`
	Exit   string `json:"exit,omitempty"`
	Stderr string `json:"stderr,omitempty"`
	Strike int    `json:"strike,omitempty"`
}

// Report is the outcome of a tournament so far.
type Report struct {
	Name      string                       `json:"name"`
	Game      string                       `json:"game"`
	Players   int                          `json:"players_per_table"`
	Played    int                          `json:"games_played"`
	Scheduled int                          `json:"games_scheduled"`
	Standings []Standing                   `json:"standings"`
	Cross     map[string]map[string]string `json:"cross_table,omitempty"` // 2-player: row's wins-draws-losses against column
	Faults    []FaultEntry                 `json:"faults"`
	Rating    *rating.Result               `json:"rating"`
	Note      string                       `json:"note,omitempty"`
	Anchor    string                       `json:"anchor,omitempty"` // the bot pinned at 0, if any
	games     []GameLine
}

// BuildReport reads a results folder.
func BuildReport(dir string, anchor string) (*Report, error) {
	var meta Meta
	raw, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return nil, fmt.Errorf("%s is not a tournament results folder (no %s): %w", dir, MetaFile, err)
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, MetaFile), err)
	}
	games, _, err := ReadGames(filepath.Join(dir, GamesFile))
	if err != nil {
		return nil, err
	}
	if anchor == "" {
		if c, err := LoadConfig(filepath.Join(dir, ConfigCopy)); err == nil {
			anchor = c.Anchor
		}
	}
	rep, err := reportFrom(games, anchor)
	if err != nil {
		return nil, err
	}
	rep.Anchor = anchor
	rep.Name, rep.Game, rep.Scheduled = meta.Name, meta.Game, meta.Scheduled
	return rep, nil
}

// RatingGames turns game records into rating input, clustered by deal.
func RatingGames(games []GameLine) []rating.Game {
	var out []rating.Game
	for _, g := range games {
		rg := rating.Game{Cluster: g.Cluster, Places: g.Result.Ranks}
		if rg.Cluster == "" {
			rg.Cluster = g.ID
		}
		names := make([]string, g.Players)
		for _, b := range g.Bots {
			if b.Seat >= 0 && b.Seat < len(names) {
				names[b.Seat] = b.Name
			}
		}
		rg.Players = names
		out = append(out, rg)
	}
	return out
}

func reportFrom(games []GameLine, anchor string) (*Report, error) {
	rep := &Report{Played: len(games), Faults: []FaultEntry{}, games: games}
	if len(games) == 0 {
		rep.Note = "no game has finished yet"
		return rep, nil
	}
	rep.Players = games[0].Players
	stats := map[string]*Standing{}
	get := func(name string) *Standing {
		if s, ok := stats[name]; ok {
			return s
		}
		s := &Standing{Bot: name, Faults: map[string]int{}}
		stats[name] = s
		return s
	}
	met := map[string]float64{}
	for _, g := range games {
		names := make([]string, g.Players)
		for _, b := range g.Bots {
			names[b.Seat] = b.Name
		}
		for s, name := range names {
			st := get(name)
			st.Games++
			st.AvgPlace += float64(g.Result.Ranks[s])
			for t := range names {
				if t == s {
					continue
				}
				met[name]++
				switch {
				case g.Result.Ranks[s] < g.Result.Ranks[t]:
					st.Points++
				case g.Result.Ranks[s] == g.Result.Ranks[t]:
					st.Points += 0.5
				}
			}
		}
		for _, f := range g.Faults {
			name := f.Bot
			if name == "" && int(f.Seat) < len(names) && f.Seat >= 0 {
				name = names[f.Seat]
			}
			get(name).Faults[string(f.Kind)]++
			rep.Faults = append(rep.Faults, FaultEntry{Bot: name, Game: g.ID, Kind: string(f.Kind), Move: f.Move, Reason: f.Reason,
				Exit: f.Exit, Stderr: f.Stderr, Strike: f.Strike})
		}
	}
	opt := rating.Options{Prior: -1, Anchor: anchor}
	res, err := rating.Fit(RatingGames(games), opt)
	if err != nil {
		return nil, fmt.Errorf("rating the games: %w", err)
	}
	rep.Rating = res
	for i, p := range res.Players {
		st := get(p.Name)
		st.Rank, st.Elo, st.CI95, st.SEModel, st.Flag = i+1, p.Elo, p.CI95(), p.SEModel, p.Flag
		st.AvgPlace /= float64(st.Games)
		if met[p.Name] > 0 {
			st.Score = st.Points / met[p.Name]
		}
		if len(st.Faults) == 0 {
			st.Faults = nil
		}
		rep.Standings = append(rep.Standings, *st)
	}
	if rep.Players == 2 {
		rep.Cross = map[string]map[string]string{}
		wdl := map[[2]string]*[3]int{}
		for _, g := range games {
			names := make([]string, 2)
			for _, b := range g.Bots {
				names[b.Seat] = b.Name
			}
			for s := range 2 {
				key := [2]string{names[s], names[1-s]}
				if wdl[key] == nil {
					wdl[key] = &[3]int{}
				}
				switch r := g.Result.Ranks; {
				case r[s] < r[1-s]:
					wdl[key][0]++
				case r[s] == r[1-s]:
					wdl[key][1]++
				default:
					wdl[key][2]++
				}
			}
		}
		for k, v := range wdl {
			if rep.Cross[k[0]] == nil {
				rep.Cross[k[0]] = map[string]string{}
			}
			rep.Cross[k[0]][k[1]] = fmt.Sprintf("%d-%d-%d", v[0], v[1], v[2])
		}
	}
	return rep, nil
}

// WriteText prints the standings, the cross-table and the faults.
func (rep *Report) WriteText(w io.Writer) {
	title := rep.Name
	if title == "" {
		title = "Results"
	}
	fmt.Fprintf(w, "\n%s — %s, %d of %d games played\n\n", title, rep.Game, rep.Played, rep.Scheduled)
	if rep.Note != "" {
		fmt.Fprintln(w, rep.Note)
		return
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rank\tbot\tElo\t±95%\tgames\tscore\tavg place\tfaults\t")
	for _, s := range rep.Standings {
		elo := fmt.Sprintf("%+.0f", s.Elo)
		if s.Flag != "" {
			elo += "*"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.0f\t%d\t%.1f%%\t%.2f\t%s\t\n", s.Rank, s.Bot, elo, s.CI95, s.Games, 100*s.Score, s.AvgPlace, faultSummary(s.Faults))
	}
	tw.Flush()
	for _, s := range rep.Standings {
		if s.Flag != "" {
			fmt.Fprintf(w, "* %s %s: no finite rating exists; the estimate uses a weak prior (one virtual draw against a 0-rated bot)\n", s.Bot, s.Flag)
		}
	}
	scale := "centred on 0"
	if rep.Anchor != "" {
		scale = rep.Anchor + " pinned at 0 (its ±95% is 0 by definition)"
	}
	fmt.Fprintf(w, "Elo: Plackett–Luce maximum likelihood, %s; ±95%% from errors clustered by deal.\n", scale)
	if rep.Cross != nil && len(rep.Standings) <= 12 {
		fmt.Fprintln(w, "\nCross-table (row's wins-draws-losses against column):")
		names := make([]string, len(rep.Standings))
		for i, st := range rep.Standings {
			names[i] = st.Bot
		}
		WriteMatrix(w, names, func(i, j int) string {
			if cell := rep.Cross[names[i]][names[j]]; cell != "" {
				return cell
			}
			return "-"
		})
	}
	if len(rep.Faults) > 0 {
		fmt.Fprintf(w, "\nFaults (%d):\n", len(rep.Faults))
		byBot := map[string][]FaultEntry{}
		var bots []string
		for _, f := range rep.Faults {
			if byBot[f.Bot] == nil {
				bots = append(bots, f.Bot)
			}
			byBot[f.Bot] = append(byBot[f.Bot], f)
		}
		sort.Strings(bots)
		for _, b := range bots {
			fmt.Fprintf(w, "  %s: %d\n", b, len(byBot[b]))
			for i, f := range byBot[b] {
				if i == 5 {
					fmt.Fprintf(w, "    ... and %d more (see --json)\n", len(byBot[b])-5)
					break
				}
				extra := ""
				if f.Exit != "" {
					extra = " [" + f.Exit + "]"
				}
				if f.Strike > 0 {
					extra += fmt.Sprintf(" (strike %d, a random move played instead)", f.Strike)
				}
				fmt.Fprintf(w, "    game %s, move %d: %s — %s%s\n", f.Game, f.Move, f.Kind, f.Reason, extra)
				if tail := strings.TrimSpace(f.Stderr); tail != "" {
					lines := strings.Split(tail, "\n")
					if len(lines) > 4 {
						lines = lines[len(lines)-4:]
					}
					for _, l := range lines {
						fmt.Fprintf(w, "      | %s\n", l)
					}
				}
			}
		}
	}
}

// WriteMatrix prints a square table of the named players, row against
// column, with cell giving each entry off the diagonal.
func WriteMatrix(w io.Writer, names []string, cell func(row, col int) string) {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprint(tw, "\t")
	for _, n := range names {
		fmt.Fprintf(tw, "%s\t", n)
	}
	fmt.Fprintln(tw)
	for i, n := range names {
		fmt.Fprintf(tw, "%s\t", n)
		for j := range names {
			if i == j {
				fmt.Fprint(tw, "·\t")
			} else {
				fmt.Fprintf(tw, "%s\t", cell(i, j))
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func faultSummary(f map[string]int) string {
	if len(f) == 0 {
		return "-"
	}
	var parts []string
	for _, k := range []referee.FaultKind{referee.FaultTimeout, referee.FaultCrash, referee.FaultMalformed, referee.FaultIllegal, referee.FaultLimit} {
		if n := f[string(k)]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	return strings.Join(parts, ", ")
}

// WriteJSON prints the whole report as JSON.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// WriteCSV prints the standings as CSV.
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"rank", "bot", "elo", "ci95", "games", "points", "score", "avg_place", "timeout", "crash", "malformed", "illegal", "limit", "flag"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	for _, s := range rep.Standings {
		cw.Write([]string{strconv.Itoa(s.Rank), s.Bot, f(s.Elo), f(s.CI95), strconv.Itoa(s.Games), f(s.Points), f(s.Score), f(s.AvgPlace),
			strconv.Itoa(s.Faults["timeout"]), strconv.Itoa(s.Faults["crash"]), strconv.Itoa(s.Faults["malformed"]),
			strconv.Itoa(s.Faults["illegal"]), strconv.Itoa(s.Faults["limit"]), s.Flag})
	}
	cw.Flush()
	return cw.Error()
}

// WritePGN exports every game as pairwise results in minimal PGN (White,
// Black, Result), so that other tools such as Ordo can rate the tournament.
// A game of k players gives one PGN game per pair of seats.
func (rep *Report) WritePGN(w io.Writer) error {
	n := 0
	for _, g := range rep.games {
		names := make([]string, g.Players)
		for _, b := range g.Bots {
			names[b.Seat] = b.Name
		}
		for a := 0; a < g.Players; a++ {
			for b := a + 1; b < g.Players; b++ {
				result := "1/2-1/2"
				switch ra, rb := g.Result.Ranks[a], g.Result.Ranks[b]; {
				case ra < rb:
					result = "1-0"
				case ra > rb:
					result = "0-1"
				}
				n++
				if _, err := fmt.Fprintf(w, "[Event %q]\n[Round \"%d\"]\n[White %q]\n[Black %q]\n[Result %q]\n\n%s\n\n", rep.Name, n, names[a], names[b], result, result); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
