package share

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// RateLimit configures the per-client token bucket of the share API: each
// request takes one token, a client's bucket holds at most Burst tokens and
// refills at Rate tokens per second. A Rate of zero turns the limit off.
//
// *RateLimit implements the Set/String/Type methods of a command-line flag
// value (pflag.Value), with the syntax Set documents.
type RateLimit struct {
	Rate  float64
	Burst int
}

// DefaultRateLimit is the limit Handler applies unless told otherwise: five
// requests a second per client, with bursts of fifty.
var DefaultRateLimit = RateLimit{Rate: 5, Burst: 50}

// NoRateLimit turns the limit off (load tests, a trusted network, or a
// platform that limits in front of the handler).
var NoRateLimit = RateLimit{}

// Enabled reports whether the limit is on.
func (r RateLimit) Enabled() bool { return r.Rate > 0 }

// String formats r as Set parses it.
func (r *RateLimit) String() string {
	if r == nil || !r.Enabled() {
		return "off"
	}
	return strconv.FormatFloat(r.Rate, 'g', -1, 64) + ":" + strconv.Itoa(r.Burst)
}

// Set parses "off", "RATE" (requests per second, burst of ten seconds'
// worth) or "RATE:BURST".
func (r *RateLimit) Set(s string) error {
	if s == "off" || s == "0" {
		*r = NoRateLimit
		return nil
	}
	rateText, burstText, hasBurst := strings.Cut(s, ":")
	rate, err := strconv.ParseFloat(rateText, 64)
	if err != nil || rate < 0 || math.IsInf(rate, 0) || math.IsNaN(rate) {
		return fmt.Errorf("rate limit %q: want off, RATE or RATE:BURST with RATE a non-negative number of requests per second", s)
	}
	burst := int(math.Ceil(rate * 10))
	if hasBurst {
		burst, err = strconv.Atoi(burstText)
		if err != nil || burst < 1 {
			return fmt.Errorf("rate limit %q: burst must be a positive integer", s)
		}
	}
	if rate > 0 && burst < 1 {
		burst = 1
	}
	*r = RateLimit{Rate: rate, Burst: burst}
	return nil
}

// Type names the flag value type for help texts.
func (r *RateLimit) Type() string { return "rate" }

// maxClients bounds the number of buckets a limiter keeps.
const maxClients = 10000

type bucket struct {
	tokens float64
	last   time.Time
}

// limiter is a set of token buckets keyed by client.
type limiter struct {
	limit RateLimit
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

func newLimiter(limit RateLimit, now func() time.Time) *limiter {
	return &limiter{limit: limit, now: now, buckets: make(map[string]*bucket)}
}

// allow takes one token from key's bucket and reports whether there was one,
// and if not, how long until there will be.
func (l *limiter) allow(key string) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxClients {
			l.evict(now)
		}
		b = &bucket{tokens: float64(l.limit.Burst), last: now}
		l.buckets[key] = b
	}
	l.refill(b, now)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.limit.Rate * float64(time.Second))
	return false, wait
}

func (l *limiter) refill(b *bucket, now time.Time) {
	if elapsed := now.Sub(b.last).Seconds(); elapsed > 0 {
		b.tokens = math.Min(float64(l.limit.Burst), b.tokens+elapsed*l.limit.Rate)
	}
	b.last = now
}

// evict drops the buckets that have refilled completely (their clients are
// idle, and a fresh bucket is the same), and everything if that is not
// enough, so that many clients cannot grow the map without bound.
func (l *limiter) evict(now time.Time) {
	for k, b := range l.buckets {
		l.refill(b, now)
		if b.tokens >= float64(l.limit.Burst) {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) >= maxClients {
		clear(l.buckets)
	}
}

// RemoteIP is the default client key: the host part of r.RemoteAddr.
func RemoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
