package tournaments

import (
	"fmt"

	"cardref/bots"
)

// Job is one game of the tournament.
type Job struct {
	ID       string // stable: "t003-d0007-r1"
	Table    int    // which group of bots
	Deal     int    // which deal
	Rotation int    // which seat rotation of the table
	Seats    []int  // bot index per seat
	Cluster  string // games of one deal at one table: "t003-d0007"
}

// Schedule lists every game, in a fixed order. Every table plays the same
// deals; with duplicate each deal is played under every seat rotation.
func (c *Config) Schedule() ([]Job, error) {
	k := c.Players
	var tables [][]int
	switch c.Format {
	case RoundRobin:
		if len(c.Bots) < k {
			return nil, fmt.Errorf("a round-robin at %d-player tables needs at least %d bots, not %d", k, k, len(c.Bots))
		}
		idx := make([]int, len(c.Bots))
		for i := range idx {
			idx[i] = i
		}
		tables = combinations(idx, k)
	case Gauntlet:
		var cands, refs []int
		for i, b := range c.Bots {
			if b.Reference {
				refs = append(refs, i)
			} else {
				cands = append(cands, i)
			}
		}
		if len(cands) == 0 || len(refs) < k-1 {
			return nil, fmt.Errorf("a gauntlet at %d-player tables needs candidates and at least %d bots marked reference: true (it has %d and %d)", k, k-1, len(cands), len(refs))
		}
		for _, cand := range cands {
			for _, rs := range combinations(refs, k-1) {
				tables = append(tables, append([]int{cand}, rs...))
			}
		}
	}
	var jobs []Job
	for t, table := range tables {
		for d := range c.Deals {
			rotations := []int{d % k}
			if c.Duplicate {
				rotations = rotations[:0]
				for r := range k {
					rotations = append(rotations, r)
				}
			}
			for _, r := range rotations {
				seats := make([]int, k)
				for s := range k {
					seats[s] = table[(s+r)%k]
				}
				jobs = append(jobs, Job{ID: fmt.Sprintf("t%03d-d%04d-r%d", t, d, r), Table: t, Deal: d, Rotation: r,
					Seats: seats, Cluster: fmt.Sprintf("t%03d-d%04d", t, d)})
			}
		}
	}
	return jobs, nil
}

// DealSeed is the seed of deal d: from the master seed and the deal's index
// only, so that results do not depend on concurrency or order.
func DealSeed(master uint64, deal int) uint64 {
	return splitmix(master ^ splitmix(uint64(deal)+0x5EED))
}

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

func combinations(xs []int, k int) [][]int {
	var out [][]int
	var pick func(start int, cur []int)
	pick = func(start int, cur []int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < len(xs); i++ {
			pick(i+1, append(cur, xs[i]))
		}
	}
	pick(0, nil)
	return out
}

func builtinExists(name string) bool {
	_, ok := bots.Lookup(name)
	return ok
}

func builtinNames() []string { return bots.Names() }
