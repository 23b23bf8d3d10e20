#!/usr/bin/env bash
# Creates the event topic the outbox relay publishes to (docs/architecture.md, "Kafka fan-out").
# The log of record is Postgres, but consumers may replay from Kafka, so the topic keeps every
# event: no compaction, no expiry (retention.ms=-1, retention.bytes=-1).
#   BOOTSTRAP=kafka:9092 TOPIC=scentinel.events PARTITIONS=6 REPLICATION=1 create-topics.sh
set -euo pipefail
BOOTSTRAP="${BOOTSTRAP:-kafka:9092}"
TOPIC="${TOPIC:-scentinel.events}"
PARTITIONS="${PARTITIONS:-6}"
REPLICATION="${REPLICATION:-1}"
KAFKA_TOPICS="${KAFKA_TOPICS:-/opt/kafka/bin/kafka-topics.sh}"
"$KAFKA_TOPICS" --bootstrap-server "$BOOTSTRAP" --create --if-not-exists \
  --topic "$TOPIC" --partitions "$PARTITIONS" --replication-factor "$REPLICATION" \
  --config cleanup.policy=delete --config retention.ms=-1 --config retention.bytes=-1 \
  --config min.insync.replicas=1
"$KAFKA_TOPICS" --bootstrap-server "$BOOTSTRAP" --describe --topic "$TOPIC"
