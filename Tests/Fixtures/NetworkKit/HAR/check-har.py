"""Checks a HAR file with two readers independent of ServiceUtils and prints what they saw as JSON.

Usage: python check-har.py SCHEMA HAR
jsonschema validates the file against SCHEMA (HAR 1.2, see har-1.2.schema.json); haralyzer reads
its entries. Prints {"schemaErrors": [...], "creator": ..., "entries": [{method, url, status, ...}]}.
"""
import json
import sys

from haralyzer import HarParser
from jsonschema import Draft7Validator, FormatChecker

schema_path, har_path = sys.argv[1], sys.argv[2]
with open(schema_path, encoding="utf-8") as handle:
    schema = json.load(handle)
with open(har_path, encoding="utf-8") as handle:
    document = json.load(handle)

validator = Draft7Validator(schema, format_checker=FormatChecker())
errors = sorted(validator.iter_errors(document), key=lambda error: [str(part) for part in error.path])
parser = HarParser(document)


def optional(read):
    """haralyzer raises KeyError for an optional field that is absent (content.text, say)."""
    try:
        return read()
    except KeyError:
        return None


entries = [entry for page in parser.pages for entry in page.entries]
print(json.dumps({
    "schemaErrors": ["/".join(str(part) for part in error.path) + ": " + error.message for error in errors],
    "creator": parser.creator.get("name") if isinstance(parser.creator, dict) else parser.creator,
    "version": parser.version,
    "entries": [{
        "method": entry.request.method,
        "url": entry.request.url,
        "status": entry.response.status,
        "mimeType": optional(lambda: entry.response.mimeType),
        "text": optional(lambda: entry.response.text),
        "encoding": optional(lambda: entry.response.textEncoding),
        "postText": optional(lambda: entry.request.text),
        "started": entry.startTime is not None,
        "headers": {header["name"].lower(): header["value"] for header in entry.request.headers},
    }
        for entry in entries],
}))
