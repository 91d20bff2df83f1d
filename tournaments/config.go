// Package tournaments runs tournaments from a YAML file: it reads and checks
// the configuration, builds the schedule (round-robin or gauntlet, with
// duplicate deals), plays the games with a bounded pool of workers, appends
// each finished game to a results file that survives a crash, and reports
// standings with Elo ratings and honest error bars.
package tournaments

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"cardref/referee"
	"cardref/referee/cards"
	"cardref/referee/games"
	"cardref/referee/process"
)

// Formats.
const (
	RoundRobin = "round-robin"
	Gauntlet   = "gauntlet"
)

// Fault policies.
const (
	PolicyForfeit    = "forfeit"
	PolicySubstitute = "substitute"
)

// Config is a tournament, as written in its YAML file.
type Config struct {
	Name        string          `json:"name"`
	Game        string          `json:"game"`
	Options     referee.Options `json:"options"`
	Players     int             `json:"players"`
	Format      string          `json:"format"`
	Deals       int             `json:"deals"`
	Duplicate   bool            `json:"duplicate"`
	Seed        *uint64         `json:"seed,omitempty"`
	Concurrency int             `json:"concurrency"`
	Limits      Limits          `json:"limits"`
	OnFault     string          `json:"on_fault"`
	Strikes     int             `json:"strikes"`
	Anchor      string          `json:"anchor,omitempty"`
	Out         string          `json:"out,omitempty"`
	PauseIdle   string          `json:"pause_idle"` // auto | true | false
	Reveal      bool            `json:"reveal,omitempty"`
	Sandbox     Sandbox         `json:"sandbox"`
	Bots        []Bot           `json:"bots"`

	// Path is the file the config was read from.
	Path string `json:"-"`
}

// Limits are the time limits for every bot.
type Limits struct {
	Startup  time.Duration `json:"startup"`
	Move     time.Duration `json:"move"`
	TimeBank time.Duration `json:"time_bank,omitempty"`
}

// Sandbox is whether bots run in the sandbox, and its limits.
type Sandbox struct {
	Enabled bool           `json:"enabled"`
	Limits  process.Limits `json:"limits"`
}

// Bot is one entrant.
type Bot struct {
	Name      string            `json:"name"`
	Builtin   string            `json:"builtin,omitempty"`
	Command   []string          `json:"command,omitempty"` // a list, or one string run by the shell
	Shell     bool              `json:"shell,omitempty"`   // Command is one shell command line
	Dir       string            `json:"dir,omitempty"`
	Env       map[string]string `json:"env,omitempty"`
	Reference bool              `json:"reference,omitempty"`
	// Sandbox overrides the tournament's sandbox limits for this bot.
	Sandbox *process.Limits `json:"sandbox,omitempty"`
}

// configError is an error at a place in the config file.
type configError struct {
	path string
	line int
	msg  string
}

func (e *configError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.path, e.line, e.msg)
	}
	return fmt.Sprintf("%s: %s", e.path, e.msg)
}

// IsConfigError reports whether err is about the config's content.
func IsConfigError(err error) bool {
	_, ok := err.(*configError)
	return ok
}

var topKeys = []string{"name", "game", "options", "players", "format", "deals", "duplicate", "seed", "concurrency",
	"limits", "on_fault", "strikes", "anchor", "out", "pause_idle", "sandbox", "reveal", "bots"}
var botKeys = []string{"name", "builtin", "command", "dir", "env", "reference", "sandbox"}
var limitKeys = []string{"startup", "move", "time_bank"}
var sandboxKeys = []string{"enabled", "memory", "cpu", "processes", "open_files", "file_size", "network"}

// LoadConfig reads and checks a tournament file. Every error names the file
// and line and says what to write instead.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the tournament file: %w", err)
	}
	return ParseConfig(data, path)
}

// ParseConfig checks a tournament file's contents.
func ParseConfig(data []byte, path string) (*Config, error) {
	fail := func(n *yaml.Node, format string, args ...any) error {
		line := 0
		if n != nil {
			line = n.Line
		}
		return &configError{path, line, fmt.Sprintf(format, args...)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, &configError{path, 0, "not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if len(doc.Content) == 0 {
		return nil, fail(nil, "the file is empty; see tournaments/examples/ for a starting point")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fail(root, "a tournament file is a mapping of keys (name, game, bots, ...)")
	}
	c := &Config{Path: path, Format: RoundRobin, Deals: 10, Duplicate: true, OnFault: PolicyForfeit, Strikes: 3,
		Limits: Limits{Startup: 10 * time.Second, Move: time.Second}, PauseIdle: "auto",
		Sandbox: Sandbox{Enabled: true, Limits: process.DefaultLimits}}
	seen := map[string]*yaml.Node{}
	var botsNode, optsNode *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if !contains(topKeys, k.Value) {
			return nil, fail(k, "unknown key %q%s (the keys are %s)", k.Value, suggest(k.Value, topKeys), strings.Join(topKeys, ", "))
		}
		if seen[k.Value] != nil {
			return nil, fail(k, "%q is given twice (first at line %d)", k.Value, seen[k.Value].Line)
		}
		seen[k.Value] = k
		var err error
		switch k.Value {
		case "name":
			c.Name, err = str(v)
		case "game":
			c.Game, err = str(v)
		case "format":
			c.Format, err = str(v)
		case "on_fault":
			c.OnFault, err = str(v)
		case "anchor":
			c.Anchor, err = str(v)
		case "out":
			c.Out, err = str(v)
		case "players":
			c.Players, err = integer(v, 2, 10)
		case "deals":
			c.Deals, err = integer(v, 1, 1_000_000)
		case "concurrency":
			c.Concurrency, err = integer(v, 1, 1024)
		case "strikes":
			c.Strikes, err = integer(v, 1, 1000)
		case "duplicate":
			c.Duplicate, err = boolean(v)
		case "reveal":
			c.Reveal, err = boolean(v)
		case "seed":
			var s uint64
			if v.Kind != yaml.ScalarNode {
				err = fmt.Errorf("seed is a whole number, e.g. seed: 42")
			} else if s, err = strconv.ParseUint(v.Value, 10, 64); err != nil {
				err = fmt.Errorf("seed is a whole number from 0 to 18446744073709551615, not %q", v.Value)
			} else {
				c.Seed = &s
			}
		case "limits":
			err = c.parseLimits(v, fail)
		case "pause_idle":
			c.PauseIdle, err = str(v)
			if err == nil && !contains([]string{"auto", "true", "false"}, c.PauseIdle) {
				err = fmt.Errorf("auto, true or false, not %q", c.PauseIdle)
			}
		case "sandbox":
			err = parseSandbox(v, &c.Sandbox.Limits, &c.Sandbox.Enabled, fail)
		case "options":
			optsNode = v
			c.Options, err = stringMap(v, "options: a mapping of game options, e.g. options: {target_score: 51}")
		case "bots":
			botsNode = v
		}
		if err != nil {
			if ce, ok := err.(*configError); ok {
				return nil, ce
			}
			return nil, fail(v, "%s: %v", k.Value, err)
		}
	}
	if c.Game == "" {
		return nil, fail(root, "no game: add e.g. game: xeri (the games: %s)", gameNames())
	}
	rules, err := games.Lookup(c.Game)
	if err != nil {
		return nil, fail(seen["game"], "%v", err)
	}
	if c.Name == "" {
		c.Name = c.Game
	}
	lo, hi := rules.Players()
	if c.Players == 0 {
		c.Players = lo
	}
	if c.Players < lo || c.Players > hi {
		return nil, fail(seen["players"], "players: %s is for %d to %d players a table, not %d", c.Game, lo, hi, c.Players)
	}
	if _, err := rules.New(c.Players, c.Options, cards.NewRand(0)); err != nil {
		return nil, fail(optsNode, "options: %v", err)
	}
	if c.Format != RoundRobin && c.Format != Gauntlet {
		return nil, fail(seen["format"], "format must be %s or %s, not %q", RoundRobin, Gauntlet, c.Format)
	}
	if c.OnFault != PolicyForfeit && c.OnFault != PolicySubstitute {
		return nil, fail(seen["on_fault"], "on_fault must be %s or %s, not %q", PolicyForfeit, PolicySubstitute, c.OnFault)
	}
	if botsNode == nil {
		return nil, fail(root, "no bots: add a list, e.g. bots: [{name: greedy, builtin: greedy}, {name: mine, command: \"python3 my_bot.py\"}]")
	}
	if err := c.parseBots(botsNode, fail); err != nil {
		return nil, err
	}
	if c.Anchor != "" {
		found := false
		for _, b := range c.Bots {
			found = found || b.Name == c.Anchor
		}
		if !found {
			return nil, fail(seen["anchor"], "anchor %q is not one of the bots", c.Anchor)
		}
	}
	if _, err := c.Schedule(); err != nil {
		return nil, fail(botsNode, "%v", err)
	}
	return c, nil
}

type failFunc func(n *yaml.Node, format string, args ...any) error

func (c *Config) parseLimits(v *yaml.Node, fail failFunc) error {
	if v.Kind != yaml.MappingNode {
		return fail(v, "limits is a mapping, e.g. limits: {startup: 10s, move: 1s}")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if !contains(limitKeys, k.Value) {
			return fail(k, "unknown limit %q%s (the limits are startup and move)", k.Value, suggest(k.Value, limitKeys))
		}
		d, err := time.ParseDuration(val.Value)
		if err != nil || d < 0 || (d == 0 && k.Value != "time_bank") {
			return fail(val, "limits.%s must be a positive duration such as 500ms, 1s or 1m, not %q", k.Value, val.Value)
		}
		switch k.Value {
		case "startup":
			c.Limits.Startup = d
		case "move":
			c.Limits.Move = d
		default:
			c.Limits.TimeBank = d
		}
	}
	return nil
}

func (c *Config) parseBots(v *yaml.Node, fail failFunc) error {
	if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
		return fail(v, "bots is a list, e.g. bots: [{name: greedy, builtin: greedy}]")
	}
	names := map[string]int{}
	for _, n := range v.Content {
		if n.Kind != yaml.MappingNode {
			return fail(n, "each bot is a mapping such as {name: alice, command: \"python3 alice.py\"}")
		}
		var b Bot
		var cmdNode *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if !contains(botKeys, k.Value) {
				return fail(k, "unknown bot key %q%s (a bot has %s)", k.Value, suggest(k.Value, botKeys), strings.Join(botKeys, ", "))
			}
			var err error
			switch k.Value {
			case "name":
				b.Name, err = str(val)
			case "builtin":
				b.Builtin, err = str(val)
			case "dir":
				b.Dir, err = str(val)
			case "reference":
				b.Reference, err = boolean(val)
			case "env":
				b.Env, err = stringMap(val, "env is a mapping of variables, e.g. env: {MODEL: small}")
			case "sandbox":
				// A bot's own limits start from the tournament's (read so far
				// or the defaults) and change what it names.
				lim := c.Sandbox.Limits
				var on bool
				if perr := parseSandbox(val, &lim, &on, fail); perr != nil {
					return perr
				}
				b.Sandbox = &lim
			case "command":
				cmdNode = val
				switch val.Kind {
				case yaml.ScalarNode:
					b.Command, b.Shell = []string{val.Value}, true
				case yaml.SequenceNode:
					for _, a := range val.Content {
						if a.Kind != yaml.ScalarNode {
							return fail(a, "command: each argument is a string")
						}
						b.Command = append(b.Command, a.Value)
					}
				default:
					err = fmt.Errorf("a command line (\"python3 bot.py\") or a list ([python3, bot.py])")
				}
			}
			if err != nil {
				return fail(val, "%s: %v", k.Value, err)
			}
		}
		switch {
		case b.Name == "":
			return fail(n, "a bot without a name: add name: ...")
		case names[b.Name] > 0:
			return fail(n, "two bots are called %q (the other at line %d): names must differ", b.Name, names[b.Name])
		case b.Builtin == "" && len(b.Command) == 0:
			return fail(n, "bot %s needs builtin: NAME or command: ...", b.Name)
		case b.Builtin != "" && len(b.Command) > 0:
			return fail(n, "bot %s has both builtin and command: keep one", b.Name)
		case cmdNode != nil && len(b.Command) > 0 && strings.TrimSpace(b.Command[0]) == "":
			return fail(cmdNode, "bot %s has an empty command", b.Name)
		}
		if b.Builtin != "" && !builtinExists(b.Builtin) {
			return fail(n, "bot %s: no built-in bot %q (the built-in bots: %s)", b.Name, b.Builtin, strings.Join(builtinNames(), ", "))
		}
		if b.Dir != "" {
			if st, err := os.Stat(b.dir(c.Path)); err != nil || !st.IsDir() {
				return fail(n, "bot %s: dir %q is not a folder (it is taken relative to the tournament file)", b.Name, b.Dir)
			}
		}
		if prog := b.program(); prog != "" {
			if _, err := findProgram(prog, b.dir(c.Path)); err != nil {
				return fail(cmdNode, "bot %s: %v", b.Name, err)
			}
		}
		names[b.Name] = n.Line
		c.Bots = append(c.Bots, b)
	}
	return nil
}

// program is the program a bot's command starts, when it can be told
// without running a shell: the first word of a plain command line.
func (b Bot) program() string {
	if len(b.Command) == 0 {
		return ""
	}
	if !b.Shell {
		return b.Command[0]
	}
	f := strings.Fields(b.Command[0])
	if len(f) == 0 || strings.ContainsAny(b.Command[0], "$`|&;<>(){}*?\"'=") {
		return ""
	}
	return f[0]
}

// findProgram checks that a bot's program exists: on the PATH, or as a
// path from the bot's folder.
func findProgram(prog, dir string) (string, error) {
	if strings.Contains(prog, "/") {
		path := prog
		if !filepath.IsAbs(path) && dir != "" {
			path = filepath.Join(dir, prog)
		}
		if st, err := os.Stat(path); err != nil || st.IsDir() {
			return "", fmt.Errorf("the program %s does not exist (paths are taken from the bot's dir)", path)
		}
		return path, nil
	}
	path, err := exec.LookPath(prog)
	if err != nil {
		return "", fmt.Errorf("the program %q is not installed (not found on the PATH)", prog)
	}
	return path, nil
}

// dir is the bot's working folder, relative to the config file.
func (b Bot) dir(configPath string) string {
	if b.Dir == "" || strings.HasPrefix(b.Dir, "/") {
		return b.Dir
	}
	base := "."
	if i := strings.LastIndexByte(configPath, '/'); i >= 0 {
		base = configPath[:i]
	}
	return base + "/" + b.Dir
}

// Hash identifies the parts of a config that decide the games: a changed
// hash means the results folder belongs to another tournament.
func (c *Config) Hash() string {
	d := *c
	d.Concurrency, d.Out, d.Path, d.Anchor = 0, "", "", ""
	b, _ := json.Marshal(d)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// diff lists the settings that differ between two configs, for the message
// that refuses to resume.
func (c *Config) diff(old *Config) []string {
	a, _ := json.Marshal(old)
	b, _ := json.Marshal(c)
	var x, y map[string]any
	json.Unmarshal(a, &x)
	json.Unmarshal(b, &y)
	var out []string
	keys := map[string]bool{}
	for k := range x {
		keys[k] = true
	}
	for k := range y {
		keys[k] = true
	}
	for k := range keys {
		if k == "concurrency" || k == "out" || k == "anchor" {
			continue
		}
		xa, _ := json.Marshal(x[k])
		ya, _ := json.Marshal(y[k])
		if !bytes.Equal(xa, ya) {
			out = append(out, fmt.Sprintf("%s: %s → %s", k, xa, ya))
		}
	}
	sort.Strings(out)
	return out
}

// parseSandbox reads a sandbox mapping into lim (and enabled, when given).
func parseSandbox(v *yaml.Node, lim *process.Limits, enabled *bool, fail failFunc) error {
	if v.Kind != yaml.MappingNode {
		return fail(v, "sandbox is a mapping, e.g. sandbox: {memory: 512MiB, cpu: 5m, processes: 64}")
	}
	*enabled = true
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if !contains(sandboxKeys, k.Value) {
			return fail(k, "unknown sandbox key %q%s (the keys are %s)", k.Value, suggest(k.Value, sandboxKeys), strings.Join(sandboxKeys, ", "))
		}
		var err error
		switch k.Value {
		case "enabled":
			*enabled, err = boolean(val)
		case "network":
			lim.Network, err = boolean(val)
		case "memory", "file_size":
			var n int64
			if n, err = process.ParseSize(val.Value); err == nil {
				if k.Value == "memory" {
					lim.Memory = n
				} else {
					lim.FileSize = n
				}
			}
		case "cpu":
			var d time.Duration
			if d, err = time.ParseDuration(val.Value); err != nil || d < time.Second {
				err = fmt.Errorf("a duration of at least 1s, such as 30s or 10m, not %q", val.Value)
			}
			lim.CPU = d
		case "processes":
			lim.Processes, err = integer(val, 1, 100000)
		case "open_files":
			lim.Files, err = integer(val, 8, 1000000)
		}
		if err != nil {
			return fail(val, "sandbox.%s: %v", k.Value, err)
		}
	}
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func str(v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("a single value is needed here")
	}
	return v.Value, nil
}

func integer(v *yaml.Node, lo, hi int) (int, error) {
	if v.Kind != yaml.ScalarNode {
		return 0, fmt.Errorf("a whole number is needed here")
	}
	n, err := strconv.Atoi(v.Value)
	if err != nil {
		return 0, fmt.Errorf("a whole number is needed, not %q", v.Value)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("must be between %d and %d, not %d", lo, hi, n)
	}
	return n, nil
}

func boolean(v *yaml.Node) (bool, error) {
	if v.Kind == yaml.ScalarNode {
		switch strings.ToLower(v.Value) {
		case "true", "yes", "on":
			return true, nil
		case "false", "no", "off":
			return false, nil
		}
	}
	return false, fmt.Errorf("true or false, not %q", v.Value)
}

func stringMap(v *yaml.Node, hint string) (map[string]string, error) {
	if v.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s", hint)
	}
	out := map[string]string{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		if v.Content[i+1].Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("line %d: %q needs a single value (%s)", v.Content[i+1].Line, v.Content[i].Value, hint)
		}
		out[v.Content[i].Value] = v.Content[i+1].Value
	}
	return out, nil
}

// suggest proposes the nearest known key for a misspelt one.
func suggest(got string, known []string) string {
	best, dist := "", 3
	for _, k := range known {
		if d := editDistance(got, k); d < dist {
			best, dist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" — did you mean %q?", best)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func gameNames() string {
	var out []string
	for _, r := range games.All() {
		out = append(out, r.Name())
	}
	return strings.Join(out, ", ")
}
