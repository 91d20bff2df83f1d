package tournaments

import "testing"

// FuzzParseConfig feeds arbitrary files to the config loader: it must
// accept them or explain why, and never panic.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(smallXeri))
	f.Add([]byte("game: verish\nplayers: 3\nformat: gauntlet\nbots: [{name: a, builtin: counter}, {name: r, builtin: honest, reference: true}, {name: s, builtin: random, reference: true}]\n"))
	f.Add([]byte("game: xeri\nsandbox: {memory: 1GiB, cpu: 1m}\nlimits: {move: 1s, time_bank: 5s}\nbots:\n  - {name: a, command: [python3, a.py], env: {X: \"1\"}}\n  - {name: b, builtin: random, sandbox: {network: true}}\n"))
	f.Add([]byte("{{{"))
	f.Add([]byte("bots: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig(data, "fuzz.yaml")
		if err == nil {
			if _, err := c.Schedule(); err != nil {
				t.Fatalf("a valid config has no schedule: %v", err)
			}
		}
	})
}
