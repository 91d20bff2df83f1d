package referee

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Options are a game's options as text, keyed by name, exactly as a user
// writes them on the command line (--option target_score=101) or in a
// tournament file. Engines resolve them against their OptionSpecs.
type Options map[string]string

// Option kinds.
const (
	KindInt  = "int"
	KindBool = "bool"
	KindEnum = "enum"
)

// OptionSpec describes one option of a game.
type OptionSpec struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"` // enum: the allowed values
	Min     int      `json:"min,omitempty"`    // int: inclusive bounds
	Max     int      `json:"max,omitempty"`
	Help    string   `json:"help"`
}

// Allowed describes the values the option takes, for help texts.
func (o OptionSpec) Allowed() string {
	switch o.Kind {
	case KindBool:
		return "true|false"
	case KindEnum:
		return strings.Join(o.Values, "|")
	case KindInt:
		return fmt.Sprintf("%d..%d", o.Min, o.Max)
	}
	return ""
}

func (o OptionSpec) check(v string) (string, error) {
	switch o.Kind {
	case KindBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return "", fmt.Errorf("%w: option %s must be true or false, not %q", ErrBadOptions, o.Name, v)
		}
		return strconv.FormatBool(b), nil
	case KindInt:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return "", fmt.Errorf("%w: option %s must be a whole number, not %q", ErrBadOptions, o.Name, v)
		}
		if n < o.Min || n > o.Max {
			return "", fmt.Errorf("%w: option %s must be between %d and %d, not %d", ErrBadOptions, o.Name, o.Min, o.Max, n)
		}
		return strconv.Itoa(n), nil
	case KindEnum:
		for _, a := range o.Values {
			if a == v {
				return v, nil
			}
		}
		return "", fmt.Errorf("%w: option %s must be one of %s, not %q", ErrBadOptions, o.Name, strings.Join(o.Values, ", "), v)
	}
	return v, nil
}

// ResolveOptions checks raw against specs and returns a complete set with
// every default filled in. Unknown names and bad values are errors that say
// what is allowed.
func ResolveOptions(game string, specs []OptionSpec, raw Options) (Options, error) {
	byName := make(map[string]OptionSpec, len(specs))
	out := make(Options, len(specs))
	for _, s := range specs {
		byName[s.Name] = s
		out[s.Name] = s.Default
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		spec, ok := byName[k]
		if !ok {
			names := make([]string, 0, len(specs))
			for _, s := range specs {
				names = append(names, s.Name)
			}
			return nil, fmt.Errorf("%w: %s has no option %q (its options: %s; see 'referee games')",
				ErrBadOptions, game, k, strings.Join(names, ", "))
		}
		v, err := spec.check(raw[k])
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

// Int reads a resolved int option; it panics on a name the engine did not
// declare, which is an engine bug.
func (o Options) Int(name string) int {
	n, err := strconv.Atoi(o[name])
	if err != nil {
		panic(fmt.Sprintf("option %s: %q is not an int", name, o[name]))
	}
	return n
}

// Bool reads a resolved bool option.
func (o Options) Bool(name string) bool {
	return o[name] == "true"
}

// Clone copies o.
func (o Options) Clone() Options {
	c := make(Options, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}

// FirstDealer reads a first_dealer option: a seat, or -1 for a seat drawn
// from rng. The error says which seats there are.
func FirstDealer(game string, opts Options, name string, players int, rng interface{ IntN(int) int }) (int, error) {
	fd := opts.Int(name)
	if fd >= players {
		return 0, fmt.Errorf("%w: %s %d is not a seat of a %d-player %s game (use -1, or 0 to %d)", ErrBadOptions, name, fd, players, game, players-1)
	}
	if fd < 0 {
		fd = rng.IntN(players)
	}
	return fd, nil
}
