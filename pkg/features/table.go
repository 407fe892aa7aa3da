package features

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Row is one row of the kubecfg features table, as -o json prints it.
type Row struct {
	Name    string `json:"name"`
	Stage   string `json:"stage"`
	Default bool   `json:"default"`
	Enabled bool   `json:"enabled"`
	Source  string `json:"source"`
	Since   string `json:"since"`
	Doc     string `json:"doc"`
}

// Rows returns one Row per feature of g, in registry order. Sources show
// as their flag (KUBECFG_ALPHA as --alpha).
func Rows(g *Gates) []Row {
	settings := g.Settings()
	rows := make([]Row, len(settings))
	for i, s := range settings {
		f := s.Feature
		rows[i] = Row{
			Name:    f.Name,
			Stage:   f.Stage.String(),
			Default: f.Default(),
			Enabled: s.Enabled,
			Source:  DisplaySource(s.Source),
			Since:   f.Since,
			Doc:     f.Doc,
		}
	}
	return rows
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// Table returns the kubecfg features table (RFC05): a header line, then one
// line per feature, columns NAME STAGE DEFAULT ENABLED SOURCE SINCE. Every
// column but the last is as wide as its longest cell plus two spaces; lines
// have no trailing spaces and end in a newline.
func Table(g *Gates) string {
	cells := [][]string{{"NAME", "STAGE", "DEFAULT", "ENABLED", "SOURCE", "SINCE"}}
	for _, r := range Rows(g) {
		cells = append(cells, []string{r.Name, r.Stage, onOff(r.Default), onOff(r.Enabled), r.Source, r.Since})
	}
	return formatColumns(cells)
}

// formatColumns lays rows of cells out in columns two spaces apart.
func formatColumns(rows [][]string) string {
	var widths []int
	for _, row := range rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len(c))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, c := range row {
			if i == len(row)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", widths[i]+2-len(c)))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// JSON returns the same data as Table, as an indented JSON array of Row
// objects followed by a newline.
func JSON(g *Gates) ([]byte, error) {
	b, err := json.MarshalIndent(Rows(g), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("features: encoding the table: %w", err)
	}
	return append(b, '\n'), nil
}
